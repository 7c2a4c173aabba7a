/**
 * A driver's SOS presses (migration 0033): the first of an episode raises the alert; every later
 * one, until the desk acknowledges it, joins that alert (one more press, its newest position) and
 * raises nothing: no new alert, no e-mail, no webhook, no second red banner. Each press is kept once
 * by the phone's client_id, so a press resent from the phone's queue counts once. A press carries
 * the phone's last known fix; the fresh fix that follows it moves the alert (moveSos) and counts as
 * no press (issue 46).
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { AlertRow } from './alertsRepo';

/** The first key of the per-driver advisory lock: one press of a driver decided at a time, across processes. */
const SOS_LOCK = 4545;

export async function lockDriverSos(trx: Transaction<Database>, driverId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SOS_LOCK}, ${driverId})`.execute(trx);
}

/** The alert an earlier copy of this press raised or joined. */
export async function alertOfPress(trx: Transaction<Database>, driverId: number, clientId: string): Promise<AlertRow | undefined> {
  return trx
    .selectFrom('sos_presses as p')
    .innerJoin('alerts as a', 'a.id', 'p.alert_id')
    .selectAll('a')
    .where('p.driver_id', '=', driverId)
    .where('p.client_id', '=', clientId)
    .executeTakeFirst();
}

/** The driver's SOS the desk has not acknowledged yet, if any. */
export async function openSos(trx: Transaction<Database>, ownerId: number, driverId: number): Promise<AlertRow | undefined> {
  return trx
    .selectFrom('alerts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('driver_id', '=', driverId)
    .where('kind', '=', 'sos')
    .where('acknowledged_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Where the phone was, and when its fix was taken (a press sends its last known fix at once; a fresh one follows). */
export interface SosPosition {
  lat: number;
  lng: number;
  at: Date;
}

/** Whether a fix taken at `at` is newer than the alert's position: a fix arriving late never replaces a newer one. */
export function isNewerFix(alert: AlertRow, at: Date): boolean {
  if (alert.latitude === null || alert.longitude === null) return true;
  return at.getTime() >= (alert.position_at ?? alert.occurred_at).getTime();
}

const positionOf = (position: SosPosition) => ({ latitude: position.lat, longitude: position.lng, speed_kmh: null, position_at: position.at });

/** One more press on an open SOS: counted, and its position (when it has one newer than the alert's) becomes the alert's. */
export async function joinSos(trx: Transaction<Database>, open: AlertRow, position: SosPosition | null): Promise<AlertRow> {
  return trx
    .updateTable('alerts')
    .set((eb) => ({ presses: eb('presses', '+', 1), ...(position && isNewerFix(open, position.at) ? positionOf(position) : {}) }))
    .where('id', '=', open.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The fresh fix that followed a press: the alert's position, counted as no press. */
export async function moveSos(trx: Transaction<Database>, alertId: number, position: SosPosition): Promise<AlertRow> {
  return trx.updateTable('alerts').set(positionOf(position)).where('id', '=', alertId).returningAll().executeTakeFirstOrThrow();
}

export async function recordPress(trx: Transaction<Database>, press: { ownerId: number; driverId: number; clientId: string; alertId: number; pressedAt: Date }): Promise<void> {
  await trx
    .insertInto('sos_presses')
    .values({ owner_id: press.ownerId, driver_id: press.driverId, client_id: press.clientId, alert_id: press.alertId, pressed_at: press.pressedAt })
    .onConflict((c) => c.columns(['driver_id', 'client_id']).doNothing())
    .execute();
}
