/**
 * A shift's last stored point at or before a time: one index probe on (shift_id, recorded_at).
 * Like readTrail, the one place "where was this shift at time t" reads points, so that a packed
 * tier for closed shifts is taught here only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TrailPoint } from './readTrail';

export async function readPointAt(db: Kysely<Database>, shiftId: number, at: Date): Promise<TrailPoint | null> {
  const row = await db
    .selectFrom('shift_locations')
    .select(['latitude', 'longitude', 'recorded_at', 'speed', 'accuracy', 'heading'])
    .where('shift_id', '=', shiftId)
    .where('recorded_at', '<=', at)
    .orderBy('recorded_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    time: new Date(row.recorded_at).getTime(),
    latitude: row.latitude,
    longitude: row.longitude,
    speed: row.speed,
    accuracy: row.accuracy,
    heading: row.heading,
  };
}
