/**
 * Reading a shift's trail (both tiers, packed or not, as readTrail does), bounded: one answer
 * never carries more than MAX_TRAIL_POINTS points, so reading a long trail cannot stall other requests. Writing the trail
 * is the ingest's (server/ingest/flushPoints.ts).
 */
import type { Kysely } from 'kysely';
import { MAX_TRAIL_POINTS, type ShiftLocationsResponse } from '../../../contract/api';
import type { LocationPoint } from '../../../contract/entities';
import type { Database } from '../../platform/db/schema';
import { toLocationUpdate } from './ingest/flushPoints';
import { readStoredPoints } from './packed/storedPoints';
import type { PackedPoint } from './packed/trailCodec';
import { toTrailPoint } from './readTrail';
import { shiftRows } from '../shifts';

function toPoint(stored: PackedPoint): LocationPoint {
  const { time, battery, ...readings } = toTrailPoint(stored);
  const { shift_id: _shift, ...point } = toLocationUpdate({ ...readings, battery: battery ?? null, shift_id: 0, moved_at: new Date(time) });
  return point;
}

export interface TrailPage {
  /** Exact paging: at most `limit` points after this timestamp. */
  limit?: number;
  after?: string;
}

/**
 * The shift's trail, oldest point first; null when the shift is not this owner's. Without paging,
 * a trail longer than MAX_TRAIL_POINTS comes evenly thinned (first and last point kept).
 */
export async function listShiftLocations(
  db: Kysely<Database>,
  ownerId: number,
  shiftId: number,
  page: TrailPage = {},
): Promise<ShiftLocationsResponse | null> {
  const shift = await db.selectFrom(shiftRows(db).as('shifts')).select('id').where('id', '=', shiftId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!shift) return null;

  if (page.limit !== undefined || page.after !== undefined) {
    const limit = page.limit ?? MAX_TRAIL_POINTS;
    const afterUs = page.after ? new Date(page.after).getTime() * 1000 : undefined;
    const stored = await readStoredPoints(db, shiftId, { afterUs, limit: limit + 1 });
    const locations = stored.slice(0, limit).map(toPoint);
    return { locations, next_after: stored.length > limit ? locations[locations.length - 1].timestamp : null };
  }

  // Both tiers read whole (a 12-hour 1 Hz shift is 43,200 points), then thinned evenly.
  const stored = await readStoredPoints(db, shiftId);
  const count = stored.length;
  const every = Math.max(1, Math.ceil(count / MAX_TRAIL_POINTS));
  const kept = stored.filter((_, i) => i % every === 0 || i === count - 1);
  return { locations: kept.map(toPoint), total: count, simplified: every > 1 };
}
