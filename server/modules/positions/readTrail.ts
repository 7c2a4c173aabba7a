/**
 * The one way to read a shift's stored points, oldest first: reports, and later replay, read the
 * trail here and never from shift_locations directly, so that when closed shifts' points move to a
 * packed tier only this function learns where to find them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A stored point as consumers of a trail need it: time in epoch milliseconds, readings or null. */
export interface TrailPoint {
  time: number;
  latitude: number;
  longitude: number;
  /** m/s, as the phone reported it. */
  speed: number | null;
  /** metres (the phone's horizontal accuracy). */
  accuracy: number | null;
  heading: number | null;
}

export async function readTrail(db: Kysely<Database>, shiftId: number): Promise<TrailPoint[]> {
  const rows = await db
    .selectFrom('shift_locations')
    .select(['latitude', 'longitude', 'recorded_at', 'speed', 'accuracy', 'heading'])
    .where('shift_id', '=', shiftId)
    // (shift_id, recorded_at) is unique (migration 0003): its index gives the order, no ties.
    .orderBy('recorded_at')
    .execute();
  return rows.map((row) => ({
    time: new Date(row.recorded_at).getTime(),
    latitude: row.latitude,
    longitude: row.longitude,
    speed: row.speed,
    accuracy: row.accuracy,
    heading: row.heading,
  }));
}
