/**
 * Reportes: the kept shift summaries added up in SQL per driver or vehicle (and per day), never
 * every point on every request. A shift counts on the calendar day it starts in the fleet's time
 * zone (as in Historial); PostgreSQL computes the day bounds (`timestamp AT TIME ZONE`), so a
 * 23- or 25-hour day in Chile is right.
 *
 * Open shifts and shifts whose summary the background pass has not written yet count as shifts
 * and add their hours on shift (an open one up to `now`), but no kilometres, moving time, stops or
 * trips: those come only from a kept summary (open_shifts and summarized_shifts say how many).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportGroup, ReportMetrics, ReportShift } from '../../../contract/reports';
import type { Database } from '../../platform/db/schema';
import { addDays } from '../../platform/timeZone';
import { vehicleRows } from '../vehicles';
import { bookingRows } from '../dispatch';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

export interface ReportFilter {
  ownerId: number;
  /** YYYY-MM-DD, inclusive, in timeZone. */
  from: string;
  to: string;
  timeZone: string;
  driverId?: number;
  vehicleId?: number;
  /** The time an open shift's hours on shift run to. */
  now: Date;
}

interface MetricsRow {
  shifts: string | number;
  open_shifts: string | number;
  summarized_shifts: string | number;
  shift_seconds: string | number | null;
  moving_seconds: string | number | null;
  stopped_seconds: string | number | null;
  distance_m: string | number | null;
  stops: string | number | null;
  trips: string | number | null;
  max_speed_kmh: string | number | null;
  fares_pesos: string | number | null;
  estimated_fares_pesos: string | number | null;
}

const dayStart = (date: string, timeZone: string) => sql`(cast(${date} as date)::timestamp at time zone cast(${timeZone} as text))`;
const shiftDate = (timeZone: string) => sql`to_char(s.start_time at time zone cast(${timeZone} as text), 'YYYY-MM-DD')`;
const shiftSeconds = (now: Date) => sql`greatest(0, extract(epoch from (coalesce(s.end_time, cast(${now.toISOString()} as timestamptz)) - s.start_time)))`;

function whereShifts(filter: ReportFilter): RawBuilder<unknown> {
  const parts = [
    sql`s.owner_id = ${filter.ownerId}`,
    sql`s.start_time >= ${dayStart(filter.from, filter.timeZone)}`,
    sql`s.start_time < ${dayStart(addDays(filter.to, 1), filter.timeZone)}`,
  ];
  if (filter.driverId !== undefined) parts.push(sql`s.driver_id = ${filter.driverId}`);
  if (filter.vehicleId !== undefined) parts.push(sql`s.vehicle_id = ${filter.vehicleId}`);
  return sql.join(parts, sql` and `);
}

const metricsColumns = (now: Date) => sql`
  count(*) as shifts,
  count(*) filter (where s.end_time is null) as open_shifts,
  count(ss.shift_id) as summarized_shifts,
  sum(${shiftSeconds(now)}) as shift_seconds,
  sum(ss.moving_seconds) as moving_seconds,
  sum(ss.stopped_seconds) as stopped_seconds,
  sum(ss.distance_m) as distance_m,
  sum(ss.stops_count) as stops,
  sum(ss.trips_count) as trips,
  max(ss.max_speed_kmh) as max_speed_kmh,
  sum(f.fares_pesos) as fares_pesos,
  sum(f.estimated_fares_pesos) as estimated_fares_pesos`;

const groupKey = (group: ReportGroup) =>
  group === 'driver'
    ? { id: sql`s.driver_id`, name: sql`d.first_name || ' ' || d.last_name`, by: sql`s.driver_id, d.first_name, d.last_name` }
    : { id: sql`s.vehicle_id`, name: sql`coalesce(v.plate_number, 'Sin vehículo')`, by: sql`s.vehicle_id, v.plate_number` };

/** A shift with its driver and taxi (their owners' views, folded into this one query) and its summary and fares. */
const fromShifts = (db: Kysely<Database>) => sql`${shiftRows(db)} s
  join ${driverRows(db)} d on d.id = s.driver_id
  left join ${vehicleRows(db)} v on v.id = s.vehicle_id
  left join shift_summaries ss on ss.shift_id = s.id
  left join lateral (
    select sum(b.fare_pesos) as fares_pesos, coalesce(sum(b.fare_pesos) filter (where b.fare_estimated), 0) as estimated_fares_pesos
    from ${bookingRows(db)} b where b.shift_id = s.id and b.owner_id = s.owner_id and b.fare_pesos is not null
  ) f on true`;

const num = (value: string | number | null) => (value === null ? 0 : Number(value));
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function toMetrics(row: MetricsRow): ReportMetrics {
  return {
    shifts: num(row.shifts),
    open_shifts: num(row.open_shifts),
    summarized_shifts: num(row.summarized_shifts),
    shift_seconds: Math.round(num(row.shift_seconds)),
    moving_seconds: num(row.moving_seconds),
    stopped_seconds: num(row.stopped_seconds),
    distance_km: round(num(row.distance_m) / 1000, 3),
    stops: num(row.stops),
    trips: num(row.trips),
    max_speed_kmh: round(num(row.max_speed_kmh), 1),
    fares_pesos: num(row.fares_pesos),
    estimated_fares_pesos: num(row.estimated_fares_pesos),
  };
}

type Grouped = MetricsRow & { id: number | null; name: string };

/** The totals row: the rows added up (so it is exactly the sum of what the table shows), the top speed the highest. */
export function sumMetrics(rows: readonly ReportMetrics[]): ReportMetrics {
  const total: ReportMetrics = {
    shifts: 0,
    open_shifts: 0,
    summarized_shifts: 0,
    shift_seconds: 0,
    moving_seconds: 0,
    stopped_seconds: 0,
    distance_km: 0,
    stops: 0,
    trips: 0,
    max_speed_kmh: 0,
    fares_pesos: 0,
    estimated_fares_pesos: 0,
  };
  for (const row of rows) {
    const summed = ['shifts', 'open_shifts', 'summarized_shifts', 'shift_seconds', 'moving_seconds', 'stopped_seconds', 'distance_km', 'stops', 'trips', 'fares_pesos', 'estimated_fares_pesos'] as const;
    for (const key of summed) total[key] += row[key];
    total.max_speed_kmh = Math.max(total.max_speed_kmh, row.max_speed_kmh);
  }
  return { ...total, distance_km: round(total.distance_km, 3) };
}

/** One row per driver or vehicle with shifts in the period, alphabetical; and the totals. */
export async function reportByGroup(db: Kysely<Database>, filter: ReportFilter, group: ReportGroup) {
  const key = groupKey(group);
  const grouped = await sql<Grouped>`select ${key.id} as id, ${key.name} as name, ${metricsColumns(filter.now)}
    from ${fromShifts(db)} where ${whereShifts(filter)} group by ${key.by} order by 2, 1`.execute(db);
  const rows = grouped.rows.map((row) => ({ id: row.id === null ? null : Number(row.id), name: row.name, ...toMetrics(row) }));
  return { rows, totals: sumMetrics(rows) };
}

/** One row per day and driver or vehicle, by date then name. */
export async function reportByDay(db: Kysely<Database>, filter: ReportFilter, group: ReportGroup) {
  const key = groupKey(group);
  const day = shiftDate(filter.timeZone);
  const { rows } = await sql<Grouped & { date: string }>`select ${day} as date, ${key.id} as id, ${key.name} as name, ${metricsColumns(filter.now)}
    from ${fromShifts(db)} where ${whereShifts(filter)} group by 1, ${key.by} order by 1, 3, 2`.execute(db);
  return rows.map((row) => ({ date: row.date, id: row.id === null ? null : Number(row.id), name: row.name, ...toMetrics(row) }));
}

interface ShiftRow {
  id: number;
  date: string;
  start_time: Date | string;
  end_time: Date | string | null;
  driver_id: number;
  driver_name: string;
  vehicle_id: number | null;
  plate_number: string | null;
  summarized: boolean;
  shift_seconds: string | number;
  moving_seconds: number | null;
  distance_m: number | null;
  stops_count: number | null;
  trips_count: number | null;
  max_speed_kmh: number | null;
  fares_pesos: string | number | null;
  estimated_fares_pesos: string | number | null;
}

/** The period's shifts, oldest first, at most `limit`. */
export async function reportShifts(db: Kysely<Database>, filter: ReportFilter, limit: number): Promise<ReportShift[]> {
  const { rows } = await sql<ShiftRow>`select s.id, ${shiftDate(filter.timeZone)} as date, s.start_time, s.end_time,
      s.driver_id, d.first_name || ' ' || d.last_name as driver_name, s.vehicle_id, v.plate_number,
      ss.shift_id is not null as summarized, ${shiftSeconds(filter.now)} as shift_seconds,
      ss.moving_seconds, ss.distance_m, ss.stops_count, ss.trips_count, ss.max_speed_kmh, f.fares_pesos, f.estimated_fares_pesos
    from ${fromShifts(db)} where ${whereShifts(filter)} order by s.start_time, s.id limit ${limit}`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    date: row.date,
    start_time: new Date(row.start_time).toISOString(),
    end_time: row.end_time === null ? null : new Date(row.end_time).toISOString(),
    driver_id: row.driver_id,
    driver_name: row.driver_name,
    vehicle_id: row.vehicle_id,
    plate_number: row.plate_number,
    summarized: row.summarized,
    shift_seconds: Math.round(num(row.shift_seconds)),
    moving_seconds: num(row.moving_seconds),
    distance_km: round(num(row.distance_m) / 1000, 3),
    stops: num(row.stops_count),
    trips: num(row.trips_count),
    max_speed_kmh: round(num(row.max_speed_kmh), 1),
    fares_pesos: num(row.fares_pesos),
    estimated_fares_pesos: num(row.estimated_fares_pesos),
  }));
}
