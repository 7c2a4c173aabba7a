/**
 * A shift's last stored point at or before a time, from either tier: one index probe on
 * (shift_id, recorded_at) for the rows (open shifts, late points) and at most two packed chunks for
 * an ended shift (packed/readPackedPointAt.ts); the later of the two wins. Like readTrail, the one
 * place "where was this shift at time t" reads points.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { readPackedPointAt } from './packed/readPackedPointAt';
import type { TrailPoint } from './readTrail';

async function readRowPointAt(db: Kysely<Database>, shiftId: number, at: Date): Promise<TrailPoint | null> {
  const row = await db
    .selectFrom('shift_locations')
    .select(['latitude', 'longitude', 'recorded_at', 'speed', 'accuracy', 'heading', 'battery'])
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
    battery: row.battery,
  };
}

export async function readPointAt(db: Kysely<Database>, shiftId: number, at: Date): Promise<TrailPoint | null> {
  const row = await readRowPointAt(db, shiftId, at);
  const packed = await readPackedPointAt(db, shiftId, at);
  if (!row) return packed;
  if (!packed) return row;
  return packed.time >= row.time ? packed : row;
}
