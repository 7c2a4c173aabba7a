/**
 * The one way to read a shift's stored points, oldest first: reports, and later replay, read the
 * trail here and never from shift_locations directly, so that when closed shifts' points move to a
 * packed tier only this function learns where to find them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

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

/**
 * Points per query: a 12-hour shift at 1 Hz is 43,200 points, read in pages so the embedded
 * database (one connection) answers the ingest's flushes between them.
 */
export const TRAIL_PAGE = 5000;

export async function readTrail(db: Kysely<Database>, shiftId: number): Promise<TrailPoint[]> {
  const trail: TrailPoint[] = [];
  let after: Date | null = null;
  for (;;) {
    let query = db
      .selectFrom('shift_locations')
      .select(['latitude', 'longitude', 'recorded_at', 'speed', 'accuracy', 'heading'])
      .where('shift_id', '=', shiftId);
    if (after) query = query.where('recorded_at', '>', after);
    // (shift_id, recorded_at) is unique (migration 0003): its index gives the order and the cursor.
    const rows = await query.orderBy('recorded_at').limit(TRAIL_PAGE).execute();
    for (const row of rows) {
      const time = new Date(row.recorded_at).getTime();
      // The cursor is a JS Date (milliseconds): a stored time with microseconds can come twice.
      if (after && time <= after.getTime()) continue;
      trail.push({
        time,
        latitude: row.latitude,
        longitude: row.longitude,
        speed: row.speed,
        accuracy: row.accuracy,
        heading: row.heading,
      });
    }
    if (rows.length < TRAIL_PAGE) return trail;
    after = new Date(rows[rows.length - 1].recorded_at);
  }
}
