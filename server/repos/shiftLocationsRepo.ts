/**
 * A shift's trail (shift_locations) and its current position (the shifts row). The position only
 * moves forward in time: a late batch with older points is kept in the trail but never moves
 * the taxi back.
 */
import type { Kysely } from 'kysely';
import type { LocationPoint } from '../../contract/entities';
import type { Database } from '../db/schema';

export interface TimedPoint {
  latitude: number;
  longitude: number;
  time: Date;
}

/**
 * Stores the points and moves the shift to the newest one when it is newer than its current
 * position. Returns whether the shift moved. One transaction: the trail and the position agree.
 */
export async function recordLocations(db: Kysely<Database>, shiftId: number, points: TimedPoint[]): Promise<boolean> {
  if (!points.length) return false;
  const newest = points.reduce((a, b) => (b.time > a.time ? b : a));
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('shift_locations')
      .values(points.map((p) => ({ shift_id: shiftId, latitude: p.latitude, longitude: p.longitude, recorded_at: p.time })))
      .execute();
    const moved = await trx
      .updateTable('shifts')
      .set({ latitude: newest.latitude, longitude: newest.longitude, last_location_time: newest.time })
      .where('id', '=', shiftId)
      .where((eb) => eb.or([eb('last_location_time', 'is', null), eb('last_location_time', '<', newest.time)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  });
}

/** The shift's trail, oldest point first; null when the shift is not this owner's. */
export async function listShiftLocations(db: Kysely<Database>, ownerId: number, shiftId: number): Promise<LocationPoint[] | null> {
  const shift = await db.selectFrom('shifts').select('id').where('id', '=', shiftId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!shift) return null;
  const rows = await db
    .selectFrom('shift_locations')
    .select(['latitude', 'longitude', 'recorded_at'])
    .where('shift_id', '=', shiftId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ latitude: row.latitude, longitude: row.longitude, timestamp: new Date(row.recorded_at).toISOString() }));
}
