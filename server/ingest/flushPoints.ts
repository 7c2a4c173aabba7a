/**
 * One flush of the ingest queue as ONE SQL statement (so one transaction, one round trip, and on
 * PGlite one message to its worker): a multi-row INSERT of every point into the trails, skipping
 * points already stored (same shift and timestamp: a retried batch), and one UPDATE ... FROM that
 * moves each shift to its newest point of the flush, never back in time. The points travel as
 * arrays (unnest), so the statement text is the same whatever the flush size, and no flush hits
 * PostgreSQL's limit on parameters.
 *
 * A point a little in the future (phone clock ahead, tolerated up to FUTURE_TOLERANCE_MS) keeps
 * its own timestamp in the trail and on the map, but what a later point must beat to move the taxi
 * is capped at its arrival + FUTURE_HOLD (shifts.position_time_cap): a future point can hold the
 * taxi for a few seconds at most, never freeze it while real points arrive.
 */
import { sql, type Kysely } from 'kysely';
import type { LocationUpdate } from '../../contract/entities';
import type { Database } from '../db/schema';

/** How long past its arrival a point from the future may keep newer-timed real points from moving the taxi. */
export const FUTURE_HOLD = '10 seconds';

export interface StoredPoint {
  shiftId: number;
  latitude: number;
  longitude: number;
  time: Date;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  battery: number | null;
}

export interface MovedShift {
  ownerId: number;
  update: LocationUpdate;
}

interface MovedRow {
  shift_id: number;
  owner_id: number;
  latitude: number;
  longitude: number;
  moved_at: Date | string;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  battery: number | null;
}

/** Readings go out only when the phone sent them: spec-only clients see the spec's shape. */
export function toLocationUpdate(row: Omit<MovedRow, 'owner_id'>): LocationUpdate {
  const update: LocationUpdate = {
    shift_id: row.shift_id,
    latitude: row.latitude,
    longitude: row.longitude,
    timestamp: new Date(row.moved_at).toISOString(),
  };
  for (const key of ['speed', 'heading', 'accuracy', 'battery'] as const) {
    if (row[key] !== null) update[key] = row[key];
  }
  return update;
}

/** Stores the points and moves their shifts; returns the shifts that moved (with their owner). */
export async function flushPoints(db: Kysely<Database>, points: StoredPoint[]): Promise<MovedShift[]> {
  if (!points.length) return [];
  const column = <T>(pick: (point: StoredPoint) => T) => points.map(pick);
  const { rows } = await sql<MovedRow>`
    with input as (
      select * from unnest(
        ${column((p) => p.shiftId)}::integer[],
        ${column((p) => p.latitude)}::double precision[],
        ${column((p) => p.longitude)}::double precision[],
        ${column((p) => p.time.toISOString())}::timestamptz[],
        ${column((p) => p.speed)}::double precision[],
        ${column((p) => p.heading)}::double precision[],
        ${column((p) => p.accuracy)}::double precision[],
        ${column((p) => p.battery)}::double precision[]
      ) as t(shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery)
    ),
    stored as (
      insert into shift_locations (shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery)
      select shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery from input
      on conflict (shift_id, recorded_at) do nothing
    ),
    newest as (
      select distinct on (shift_id) shift_id, latitude, longitude, recorded_at as moved_at,
        least(recorded_at, now() + ${FUTURE_HOLD}::interval) as time_cap, speed, heading, accuracy, battery
      from input
      order by shift_id, recorded_at desc
    )
    update shifts s
    set latitude = n.latitude, longitude = n.longitude, last_location_time = n.moved_at, position_time_cap = n.time_cap, last_seen_at = now()
    from newest n
    where s.id = n.shift_id
      and s.end_time is null
      and (s.last_location_time is null or coalesce(s.position_time_cap, s.last_location_time) < n.moved_at)
    returning s.id as shift_id, s.owner_id, n.latitude, n.longitude, n.moved_at, n.speed, n.heading, n.accuracy, n.battery
  `.execute(db);
  return rows.map(({ owner_id, ...row }) => ({ ownerId: owner_id, update: toLocationUpdate(row) }));
}
