/**
 * The driver's SOS (driver token). The first press of an episode raises an alert (its episode key
 * names the press's `client_id`); every later press of the same driver, until the desk acknowledges
 * it, joins that alert (sosPresses.ts): one more press and the newest position on the desks
 * (alert_changed, at most once a second per alert), and no new alert, e-mail or webhook. A press queued offline and sent twice counts
 * once. Each press is answered 201 with the episode's alert and the press's own client_id (and
 * sos_changed on the driver's sockets), so the phone confirms every press; it then follows the
 * episode by its id until the desk acknowledges it. A press after that starts a new episode.
 * A press leaves the phone the moment the hold ends, with its last known fix and that fix's age
 * (issue 46: it used to wait up to 5 s for the GPS); the fresh fix it asks for then comes as
 * PUT /driver/sos/position, the same alert's newer position.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { SosMessages, type DriverSosResponse, type SosInput } from '../../../contract/alerts';
import { signedInDriver } from '../identity';
import { lastPositionOfShift } from '../shifts';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { toDriverSos as toSos, type AlertRow } from './alertsRepo';
import type { AlertEvents } from './events';
import { latestOnly } from './latestOnly';
import type { Raiser } from './raise';
import type { RulesCache } from './rulesRepo';
import type { RouteApp } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';
import { alertOfPress, isNewerFix, joinSos, lockDriverSos, moveSos, openSos, recordPress, type SosPosition } from './sosPresses';
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

/**
 * Where a press says the phone was: its last known fix, taken `position_age_seconds` before the press
 * (none said: at the press, as older phones send it); a phone without a fix: the shift's last stored
 * position and its time, so the desk still sees where.
 */
async function positionOfPress(db: Kysely<Database>, body: SosInput, pressedAt: Date, ownerId: number, shiftId: number | null): Promise<SosPosition | null> {
  if (body.latitude !== null && body.longitude !== null) return { lat: body.latitude, lng: body.longitude, at: new Date(pressedAt.getTime() - (body.position_age_seconds ?? 0) * 1000) };
  const last = shiftId !== null ? await lastPositionOfShift(db, ownerId, shiftId) : null;
  return last && last.latitude !== null && last.longitude !== null ? { lat: last.latitude, lng: last.longitude, at: last.recordedAt ?? pressedAt } : null;
}

/** The driver check before any body is judged, and the joined presses every SOS route feeds. */
function sosHelpers(app: RouteApp, { db, authenticateDriver, raiser, rules, events }: Options) {
  app.addHook('preValidation', authenticateDriver);
  const joinedPresses = latestOnly((row) => events.changed(row), JOINED_PRESSES_EVERY_MS);
  app.addHook('onClose', async () => joinedPresses.stop());

  return { db, authenticateDriver, raiser, rules, events, joinedPresses };
}

type Helpers = ReturnType<typeof sosHelpers>;

/** A press of the SOS button. */
function sosPressRoutes(app: RouteApp, { db, raiser, rules, events, joinedPresses }: Helpers) {
  app.post('/driver/sos', routeSpecs.sendSos, async (request, reply): Promise<DriverSosResponse> => {
    const driver = signedInDriver(request);
    const body = request.body;
    const taxi = await taxiOfDriver(db, driver.ownerId, driver.id);
    if (!taxi) throw new HttpError(401, 'Sesión expirada. Ingresa nuevamente.');
    const key = `sos:${driver.id}:${body.client_id}`;
    const pressedAt = new Date(body.timestamp);
    const position = await positionOfPress(db, body, pressedAt, driver.ownerId, taxi.shiftId);
    const phone = taxi.driver.phone ? ` · ${taxi.driver.phone}` : '';
    const fleetRules = await rules.get(driver.ownerId);

    const outcome = await db.transaction().execute(async (trx): Promise<PressOutcome> => {
      // One press of this driver decided at a time, whichever process gets it.
      await lockDriverSos(trx, driver.id);
      const earlier = await alertOfPress(trx, driver.id, body.client_id);
      if (earlier) return { row: earlier, raised: [], joined: null };
      const open = await openSos(trx, driver.ownerId, driver.id);
      if (open) {
        const joined = await joinSos(trx, open, position);
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
          position: position && { lat: position.lat, lng: position.lng, speedKmh: null, at: position.at },
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
}

/** What follows a press: its fresh fix, and the open SOS after a reload. */
function sosFollowUpRoutes(app: RouteApp, { db, joinedPresses }: Helpers) {
  // The fresh fix that followed a press: the position of that press's alert while it is open. No
  // press, alert, e-mail or webhook; the desks hear it with the joined presses (alert_changed, at most
  // once a second). Another driver's press is not found.
  app.put('/driver/sos/position', routeSpecs.sendSosFix, async (request): Promise<DriverSosResponse> => {
    const driver = signedInDriver(request);
    const body = request.body;
    const fix = { lat: body.latitude, lng: body.longitude, at: new Date(body.timestamp) };
    const { row, moved } = await db.transaction().execute(async (trx) => {
      await lockDriverSos(trx, driver.id);
      const alert = await alertOfPress(trx, driver.id, body.client_id);
      if (!alert) throw new HttpError(404, SosMessages.notFound);
      const moved = alert.acknowledged_at === null && isNewerFix(alert, fix.at) ? await moveSos(trx, alert.id, fix) : null;
      return { row: moved ?? alert, moved };
    });
    if (moved) joinedPresses.changed(moved);
    return { sos: { ...toSos(row), client_id: body.client_id } };
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
}

export const sosRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const helpers = sosHelpers(app, options);
  sosPressRoutes(app, helpers);
  sosFollowUpRoutes(app, helpers);
};
