/**
 * Reading a shift's trail (shift_locations), bounded: one answer never carries more than
 * MAX_TRAIL_POINTS points, so reading a long trail cannot stall other requests. Writing the trail
 * is the ingest's (server/ingest/flushPoints.ts).
 */
import { sql, type Kysely } from 'kysely';
import { MAX_TRAIL_POINTS, type ShiftLocationsResponse } from '../../../contract/api';
import type { LocationPoint } from '../../../contract/entities';
import type { Database } from '../../platform/db/schema';
import { toLocationUpdate } from './ingest/flushPoints';

interface PointRow {
  latitude: number;
  longitude: number;
  recorded_at: Date | string;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  battery: number | null;
}

function toPoint(row: PointRow): LocationPoint {
  const { shift_id: _shift, ...point } = toLocationUpdate({ ...row, shift_id: 0, moved_at: row.recorded_at });
  return point;
}

const POINT_COLUMNS = ['latitude', 'longitude', 'recorded_at', 'speed', 'heading', 'accuracy', 'battery'] as const;

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
  const shift = await db.selectFrom('shifts').select('id').where('id', '=', shiftId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!shift) return null;

  if (page.limit !== undefined || page.after !== undefined) {
    const limit = page.limit ?? MAX_TRAIL_POINTS;
    let query = db.selectFrom('shift_locations').select(POINT_COLUMNS).where('shift_id', '=', shiftId);
    if (page.after) query = query.where('recorded_at', '>', new Date(page.after));
    const rows = await query.orderBy('recorded_at').limit(limit + 1).execute();
    const locations = rows.slice(0, limit).map(toPoint);
    return { locations, next_after: rows.length > limit ? locations[locations.length - 1].timestamp : null };
  }

  const { total } = await db
    .selectFrom('shift_locations')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const every = Math.max(1, Math.ceil(count / MAX_TRAIL_POINTS));
  const { rows } = await sql<PointRow>`
    select latitude, longitude, recorded_at, speed, heading, accuracy, battery from (
      select *, row_number() over (order by recorded_at) as n from shift_locations where shift_id = ${shiftId}
    ) numbered
    where (n - 1) % ${every} = 0 or n = ${count}
    order by recorded_at`.execute(db);
  return { locations: rows.map(toPoint), total: count, simplified: every > 1 };
}

