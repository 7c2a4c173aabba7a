/**
 * The shift_summaries table (migration 0011): one row per ended shift, its trips and stops as JSON
 * in the API's shape. The table is this module's own, so its Kysely type lives here (withTables)
 * and not in the shared schema.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { ShiftSummaryResponse, Stop, Trip } from '../../../contract/reports';
import type { Database } from '../../platform/db/schema';
import type { TrailSummary } from './summarizeTrail';
import { shiftRows } from '../shifts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T | string, string, string>;

export interface ShiftSummariesTable {
  shift_id: number;
  distance_m: number;
  moving_seconds: number;
  stopped_seconds: number;
  stops_count: number;
  trips_count: number;
  max_speed_kmh: number;
  average_speed_kmh: number;
  points_count: number;
  ignored_points: number;
  first_point_time: Timestamp | null;
  last_point_time: Timestamp | null;
  trips: Json<Trip[]>;
  stops: Json<Stop[]>;
  computed_at: Timestamp;
}

type ReportsDb = Kysely<Database & { shift_summaries: ShiftSummariesTable }>;
const withSummaries = (db: Kysely<Database>): ReportsDb => db.withTables<{ shift_summaries: ShiftSummariesTable }>();

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
// pg hands jsonb back parsed; keep a string reading for drivers that do not.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export interface ShiftRef {
  id: number;
  ended: boolean;
}

/** The shift, when it exists (and, given an owner, is that owner's). */
export async function findShift(db: Kysely<Database>, shiftId: number, ownerId?: number): Promise<ShiftRef | null> {
  let query = db.selectFrom(shiftRows(db).as('shifts')).select(['id', 'end_time']).where('id', '=', shiftId);
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  const row = await query.executeTakeFirst();
  return row ? { id: row.id, ended: row.end_time !== null } : null;
}

export async function saveSummary(db: Kysely<Database>, shiftId: number, result: TrailSummary, computedAt: Date): Promise<void> {
  const { totals } = result;
  const row = {
    distance_m: Math.round(totals.distance_km * 1000),
    moving_seconds: totals.moving_seconds,
    stopped_seconds: totals.stopped_seconds,
    stops_count: totals.stops_count,
    trips_count: totals.trips_count,
    max_speed_kmh: totals.max_speed_kmh,
    average_speed_kmh: totals.average_speed_kmh,
    points_count: totals.points_count,
    ignored_points: totals.ignored_points,
    first_point_time: totals.first_point_time,
    last_point_time: totals.last_point_time,
    trips: JSON.stringify(result.trips),
    stops: JSON.stringify(result.stops),
    computed_at: computedAt,
  };
  // Computed twice (shift end and a read racing it): the same points give the same row.
  await withSummaries(db)
    .insertInto('shift_summaries')
    .values({ shift_id: shiftId, ...row })
    .onConflict((oc) => oc.column('shift_id').doUpdateSet(row))
    .execute();
}

export async function findSummary(db: Kysely<Database>, shiftId: number): Promise<ShiftSummaryResponse | null> {
  const row = await withSummaries(db).selectFrom('shift_summaries').selectAll().where('shift_id', '=', shiftId).executeTakeFirst();
  if (!row) return null;
  return {
    summary: {
      shift_id: row.shift_id,
      distance_km: row.distance_m / 1000,
      moving_seconds: row.moving_seconds,
      stopped_seconds: row.stopped_seconds,
      stops_count: row.stops_count,
      trips_count: row.trips_count,
      max_speed_kmh: row.max_speed_kmh,
      average_speed_kmh: row.average_speed_kmh,
      points_count: row.points_count,
      ignored_points: row.ignored_points,
      first_point_time: iso(row.first_point_time),
      last_point_time: iso(row.last_point_time),
      computed_at: new Date(row.computed_at).toISOString(),
      final: true,
    },
    trips: parsed(row.trips),
    stops: parsed(row.stops),
  };
}

/** Ended shifts without a summary, newest first (the ones owners look at), below `beforeId`. */
export async function listShiftsWithoutSummary(db: Kysely<Database>, limit: number, beforeId?: number): Promise<number[]> {
  let query = withSummaries(db)
    .selectFrom(shiftRows(db).as('shifts'))
    .leftJoin('shift_summaries', 'shift_summaries.shift_id', 'shifts.id')
    .select('shifts.id')
    .where('shifts.end_time', 'is not', null)
    .where('shift_summaries.shift_id', 'is', null);
  if (beforeId !== undefined) query = query.where('shifts.id', '<', beforeId);
  const rows = await query.orderBy('shifts.id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}

export async function countShiftsWithoutSummary(db: Kysely<Database>): Promise<number> {
  const { total } = await withSummaries(db)
    .selectFrom(shiftRows(db).as('shifts'))
    .leftJoin('shift_summaries', 'shift_summaries.shift_id', 'shifts.id')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('shifts.end_time', 'is not', null)
    .where('shift_summaries.shift_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(total);
}
