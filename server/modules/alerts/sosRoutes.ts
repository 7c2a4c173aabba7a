/**
 * The driver's SOS (driver token). Stored as an alert whose episode is the press's `client_id`, so a
 * press queued offline and sent twice raises one alert. The answer (and sos_changed on the driver's
 * sockets) tells the phone it was received, and later that the desk acknowledged it.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { sosRequestSchema, type DriverSosResponse } from '../../../contract/alerts';
import { signedInDriver } from '../identity';
import { lastPositionOfShift } from '../shifts';
import type { Database } from '../../platform/db/schema';
import { HttpError, parseBody } from '../../platform/errors';
import { toDriverSos as toSos } from './alertsRepo';
import type { AlertEvents } from './events';
import { raiseNow, type Raiser } from './raise';
import type { RulesCache } from './rulesRepo';
import { routeSpecs } from './routeSpecs';
import { taxiLabel, taxiOfDriver } from './taxiInfo';

interface Options {
  db: Kysely<Database>;
  authenticateDriver: preHandlerAsyncHookHandler;
  raiser: Raiser;
  rules: RulesCache;
  events: AlertEvents;
}

export const sosRoutes: FastifyPluginAsync<Options> = async (app, { db, authenticateDriver, raiser, rules, events }) => {
  app.addHook('preHandler', authenticateDriver);

  app.post('/driver/sos', routeSpecs.sendSos, async (request, reply): Promise<DriverSosResponse> => {
    const driver = signedInDriver(request);
    const body = parseBody(sosRequestSchema, request.body);
    const taxi = await taxiOfDriver(db, driver.ownerId, driver.id);
    if (!taxi) throw new HttpError(401, 'Sesión expirada. Ingresa nuevamente.');
    const key = `sos:${driver.id}:${body.client_id}`;
    // A phone without a fix: the shift's last position, so the desk still sees where.
    const last = body.latitude === null && taxi.shiftId !== null ? await lastPositionOfShift(db, driver.ownerId, taxi.shiftId) : null;
    const lat = body.latitude ?? last?.latitude ?? null;
    const lng = body.longitude ?? last?.longitude ?? null;
    const phone = taxi.driver.phone ? ` · ${taxi.driver.phone}` : '';
    await raiseNow(db, raiser, await rules.get(driver.ownerId), [
      {
        ownerId: driver.ownerId,
        kind: 'sos',
        key,
        occurredAt: new Date(body.timestamp),
        title: `SOS de ${taxi.driver.name} (${taxiLabel(taxi)})`,
        detail: `El conductor pidió ayuda${phone}.`,
        shiftId: taxi.shiftId,
        driver: taxi.driver,
        vehicle: taxi.vehicle,
        zone: null,
        position: lat !== null && lng !== null ? { lat, lng, speedKmh: null } : null,
      },
    ]);
    // Stored now or by an earlier copy of the same press: either way, this is the driver's SOS.
    const row = await db.selectFrom('alerts').selectAll().where('owner_id', '=', driver.ownerId).where('episode_key', '=', key).executeTakeFirstOrThrow();
    const sos = toSos(row);
    events.sosChanged(driver.id, sos);
    reply.code(201);
    return { sos };
  });

  app.get('/driver/sos', routeSpecs.currentSos, async (request): Promise<DriverSosResponse> => {
    const driver = signedInDriver(request);
    const row = await db
      .selectFrom('alerts')
      .selectAll()
      .where('owner_id', '=', driver.ownerId)
      .where('driver_id', '=', driver.id)
      .where('kind', '=', 'sos')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return { sos: row ? toSos(row) : null };
  });
};
