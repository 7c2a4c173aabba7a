/**
 * The one repository that writes shifts (driver, desk and tracker alike): the driver's active
 * shift, starting one, ending it, and trackers' shifts gone quiet.
 * A unique index allows one active shift per driver (shifts_driver_active_uq) and per vehicle
 * (shifts_vehicle_active_uq); callers map those violations to 409 answers.
 * Every shift start and end goes through here: it tells the ingest's driver cache.
 */
import { sql, type Kysely } from 'kysely';
import type { Shift } from '../../../contract/entities';
import type { Database, ShiftStarter } from '../../platform/db/schema';
import { driverChanged } from '../identity';
import { shiftsQuery, toShift } from './shiftsRepo';

export const DRIVER_ACTIVE_SHIFT_INDEX = 'shifts_driver_active_uq';
export const VEHICLE_ACTIVE_SHIFT_INDEX = 'shifts_vehicle_active_uq';

export interface ActiveShiftRef {
  id: number;
  startTime: Date;
}

export async function findActiveShiftOfDriver(db: Kysely<Database>, driverId: number): Promise<ActiveShiftRef | null> {
  const row = await db
    .selectFrom('shifts')
    .select(['id', 'start_time'])
    .where('driver_id', '=', driverId)
    .where('end_time', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, startTime: new Date(row.start_time) } : null;
}

/** A live vehicle of this owner, or null (unknown, deleted, or another owner's). */
export async function findOwnVehicle(db: Kysely<Database>, ownerId: number, vehicleId: number): Promise<{ id: number; isActive: boolean } | null> {
  const row = await db
    .selectFrom('vehicles')
    .select(['id', 'is_active'])
    .where('id', '=', vehicleId)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, isActive: row.is_active } : null;
}

export async function vehicleInActiveShift(db: Kysely<Database>, vehicleId: number): Promise<boolean> {
  const row = await db.selectFrom('shifts').select('id').where('vehicle_id', '=', vehicleId).where('end_time', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function findShift(db: Kysely<Database>, ownerId: number, shiftId: number): Promise<Shift | null> {
  const row = await shiftsQuery(db, ownerId).where('s.id', '=', shiftId).executeTakeFirst();
  return row ? toShift(row) : null;
}

/** A new active shift. A tracker's shift (startedBy 'tracker') may have no vehicle and ends when its points stop. */
export async function insertShift(
  db: Kysely<Database>,
  shift: { ownerId: number; driverId: number; vehicleId: number | null; startTime: Date; startedBy?: ShiftStarter },
): Promise<Shift> {
  const { id } = await db
    .insertInto('shifts')
    .values({ owner_id: shift.ownerId, driver_id: shift.driverId, vehicle_id: shift.vehicleId, start_time: shift.startTime, started_by: shift.startedBy ?? 'driver' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The ingest's cached active shift of this driver is now wrong.
  await driverChanged(db, [shift.driverId]);
  return (await findShift(db, shift.ownerId, id)) as Shift;
}

/** Ends the shift if still active; null when it had already ended. */
export async function endShift(db: Kysely<Database>, ownerId: number, shiftId: number, endTime: Date): Promise<Shift | null> {
  const ended = await db
    .updateTable('shifts')
    .set({ end_time: endTime })
    .where('id', '=', shiftId)
    .where('end_time', 'is', null)
    .returning('driver_id')
    .executeTakeFirst();
  if (!ended) return null;
  await driverChanged(db, [ended.driver_id]);
  return findShift(db, ownerId, shiftId);
}

export interface IdleShift {
  id: number;
  ownerId: number;
  /** The last point's time (or the start when it never had one): the shift's end. */
  lastSeen: Date;
}

/**
 * Active shifts started by a tracker that heard nothing since `before` (server clock: last_seen_at),
 * at most `limit`. Each ends at its last point's time (or its start when it never had one).
 */
export async function findIdleTrackerShifts(db: Kysely<Database>, before: Date, limit: number): Promise<IdleShift[]> {
  const lastSeen = sql<Date>`coalesce(last_location_time, start_time)`;
  const rows = await db
    .selectFrom('shifts')
    .select(['id', 'owner_id', lastSeen.as('last_seen')])
    .where('end_time', 'is', null)
    .where('started_by', '=', 'tracker')
    .where('last_seen_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, lastSeen: new Date(row.last_seen) }));
}
