/**
 * The driver's SOS (driver token). The first press of an episode raises an alert (its episode key
 * names the press's `client_id`); every later press of the same driver, until the desk acknowledges
 * it, joins that alert (sosPresses.ts): one more press and the newest position on the desks
 * (alert_changed, at most once a second per alert), and no new alert, e-mail or webhook. A press queued offline and sent twice counts
 * once. Each press is answered 201 with the episode's alert and the press's own client_id (and
 * sos_changed on the driver's sockets), so the phone confirms every press; it then follows the
 * episode by its id until the desk acknowledges it. A press after that starts a new episode.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { sosRequestSchema, type DriverSosResponse } from '../../../contract/alerts';
import { signedInDriver } from '../identity';
import { lastPositionOfShift } from '../shifts';
import type { Database } from '../../platform/db/schema';
import { HttpError, parseBody } from '../../platform/errors';
import { toDriverSos as toSos, type AlertRow } from './alertsRepo';
import type { AlertEvents } from './events';
import { latestOnly } from './latestOnly';
import type { Raiser } from './raise';
import type { RulesCache } from './rulesRepo';
import { routeSpecs } from './routeSpecs';
import { alertOfPress, joinSos, lockDriverSos, openSos, recordPress } from './sosPresses';
import { taxiLabel, taxiOfDriver } from './taxiInfo';

interface Options {
  db: Kysely<Database>;
  authenticateDriver: preHandlerAsyncHookHandler;
  raiser: Raiser;
  rules: RulesCache;
  events: AlertEvents;
}

/** What one press did: the episode's alert, and whether it raised it or joined it (a resend does neither). */
interface PressOutcome {
  row: AlertRow;
  raised: AlertRow[];
  joined: AlertRow | null;
}

/** How often the desks hear an open SOS's count and position change while its driver keeps pressing. */
const JOINED_PRESSES_EVERY_MS = 1000;

export const sosRoutes: FastifyPluginAsync<Options> = async (app, { db, authenticateDriver, raiser, rules, events }) => {
  app.addHook('preHandler', authenticateDriver);
  const joinedPresses = latestOnly((row) => events.changed(row), JOINED_PRESSES_EVERY_MS);
  app.addHook('onClose', async () => joinedPresses.stop());

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
    const position = lat !== null && lng !== null ? { lat, lng, speedKmh: null } : null;
    const phone = taxi.driver.phone ? ` · ${taxi.driver.phone}` : '';
    const fleetRules = await rules.get(driver.ownerId);
    const pressedAt = new Date(body.timestamp);

    const outcome = await db.transaction().execute(async (trx): Promise<PressOutcome> => {
      // One press of this driver decided at a time, whichever process gets it.
      await lockDriverSos(trx, driver.id);
      const earlier = await alertOfPress(trx, driver.id, body.client_id);
      if (earlier) return { row: earlier, raised: [], joined: null };
      const open = await openSos(trx, driver.ownerId, driver.id);
      if (open) {
        const joined = await joinSos(trx, open.id, position);
        await recordPress(trx, { ownerId: driver.ownerId, driverId: driver.id, clientId: body.client_id, alertId: joined.id, pressedAt });
        return { row: joined, raised: [], joined };
      }
      const raised = await raiser.store(trx, fleetRules, [
        {
          ownerId: driver.ownerId,
          kind: 'sos',
          key,
          occurredAt: pressedAt,
          title: `SOS de ${taxi.driver.name} (${taxiLabel(taxi)})`,
          detail: `El conductor pidió ayuda${phone}.`,
          shiftId: taxi.shiftId,
          driver: taxi.driver,
          vehicle: taxi.vehicle,
          zone: null,
          position,
        },
      ]);
      // Stored now, or by a copy of this press from before presses were kept (migration 0033).
      const row = raised[0] ?? (await trx.selectFrom('alerts').selectAll().where('owner_id', '=', driver.ownerId).where('episode_key', '=', key).executeTakeFirstOrThrow());
      await recordPress(trx, { ownerId: driver.ownerId, driverId: driver.id, clientId: body.client_id, alertId: row.id, pressedAt });
      return { row, raised, joined: null };
    });
    raiser.announce(outcome.raised);
    if (outcome.joined) joinedPresses.changed(outcome.joined);
    // This press's own client_id: the phone knows its press was received, whichever press raised the alert.
    const sos = { ...toSos(outcome.row), client_id: body.client_id };
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
