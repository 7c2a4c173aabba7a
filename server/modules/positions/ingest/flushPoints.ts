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
import type { LocationUpdate } from '../../../../contract/entities';
import type { FlushRunner, FlushStatement } from './flushRunner';

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

interface PositionRow {
  shift_id: number;
  latitude: number;
  longitude: number;
  moved_at: Date | string;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  battery: number | null;
}

/** Readings go out only when the phone sent them: spec-only clients see the spec's shape. */
export function toLocationUpdate(row: PositionRow): LocationUpdate {
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

/**
 * The flush. A fixed text, so PostgreSQL parses and plans it once per connection (a prepared
 * statement: half its CPU per point), and it answers only which shifts moved: the update each sends
 * to the map is built here from the flush's own newest point, with no timestamps to parse back.
 */
const FLUSH_POINTS: FlushStatement = {
  name: 'flota_flush_points',
  text: `
    with input as (
      select * from unnest(
        $1::integer[], $2::double precision[], $3::double precision[], $4::timestamptz[],
        $5::double precision[], $6::double precision[], $7::double precision[], $8::double precision[]
      ) with ordinality as t(shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery, arrival)
    ),
    stored as (
      insert into shift_locations (shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery)
      select shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery from input
      on conflict (shift_id, recorded_at) do nothing
    ),
    newest as (
      select distinct on (shift_id) shift_id, latitude, longitude, recorded_at as moved_at,
        least(recorded_at, now() + interval '${FUTURE_HOLD}') as time_cap
      from input
      order by shift_id, recorded_at desc, arrival
    )
    update shifts s
    set latitude = n.latitude, longitude = n.longitude, last_location_time = n.moved_at, position_time_cap = n.time_cap, last_seen_at = now()
    from newest n
    where s.id = n.shift_id
      and s.end_time is null
      and (s.last_location_time is null or coalesce(s.position_time_cap, s.last_location_time) < n.moved_at)
    returning s.id as shift_id, s.owner_id`,
};

/** Each shift's newest point of the flush; of equal times the first, as the statement picks. */
function newestByShift(points: StoredPoint[]): Map<number, StoredPoint> {
  const newest = new Map<number, StoredPoint>();
  for (const point of points) {
    const current = newest.get(point.shiftId);
    if (!current || current.time < point.time) newest.set(point.shiftId, point);
  }
  return newest;
}

/** Stores the points and moves their shifts; returns the shifts that moved (with their owner). */
export async function flushPoints(runner: FlushRunner, points: StoredPoint[]): Promise<MovedShift[]> {
  if (!points.length) return [];
  const column = <T>(pick: (point: StoredPoint) => T) => points.map(pick);
  const parameters = [
    column((p) => p.shiftId),
    column((p) => p.latitude),
    column((p) => p.longitude),
    column((p) => p.time.toISOString()),
    column((p) => p.speed),
    column((p) => p.heading),
    column((p) => p.accuracy),
    column((p) => p.battery),
  ];
  const rows = await runner.run<{ shift_id: number; owner_id: number }>(FLUSH_POINTS, parameters);
  if (!rows.length) return [];
  const newest = newestByShift(points);
  return rows.map(({ shift_id, owner_id }) => {
    const point = newest.get(shift_id) as StoredPoint;
    return { ownerId: owner_id, update: toLocationUpdate({ ...point, shift_id, moved_at: point.time }) };
  });
}
