/**
 * Shift history of one owner: filtered by driver, vehicle and whole days in the fleet's time zone,
 * newest first (id breaks ties), a page at a time (limit, offset) or, for the CSV export, every
 * row in bounded batches read by keyset, so a year of a fleet is never held in memory at once.
 *
 * A shift belongs to the day it starts, in the fleet's time zone. Day bounds are computed by
 * PostgreSQL (`timestamp AT TIME ZONE`), which knows every DST change: in Chile a day can last 23
 * or 25 hours, and September's local midnight does not exist (the day starts at 01:00).
 * Pages and batches are read off migration 0009's indexes, (owner_id[, driver_id | vehicle_id],
 * start_time desc, id desc); see bench/history.bench.ts.
 */
import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Shift } from '../../../contract/entities';
import type { Database, ShiftsTable } from '../../platform/db/schema';
import { addDays } from '../../platform/timeZone';
import { shiftsQuery, toShift } from './shiftsRepo';

export interface HistoryFilter {
  driverId?: number;
  vehicleId?: number;
  /** YYYY-MM-DD, inclusive. */
  startDate?: string;
  /** YYYY-MM-DD, inclusive. */
  endDate?: string;
}

export interface HistoryPageRequest {
  limit: number;
  offset: number;
}

export interface HistoryPage {
  shifts: Shift[];
  /** How many shifts the filter selects, over every page (at least this many when !totalExact). */
  total: number;
  /** False when more shifts match than were counted (see HISTORY_COUNT_AHEAD). */
  totalExact: boolean;
  /** The offset of the next page; null on the last one. */
  nextOffset: number | null;
}

/** The instant the given calendar day starts in timeZone. */
function dayStart(date: string, timeZone: string) {
  return sql<Date>`cast(${date} as date)::timestamp at time zone cast(${timeZone} as text)`;
}

/** The filter as one condition on `shifts as s` (the owner is scoped by the caller). */
function historyCondition(filter: HistoryFilter, timeZone: string): Expression<SqlBool> {
  const eb = expressionBuilder<{ s: ShiftsTable }, 's'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filter.driverId !== undefined) conditions.push(eb('s.driver_id', '=', filter.driverId));
  if (filter.vehicleId !== undefined) conditions.push(eb('s.vehicle_id', '=', filter.vehicleId));
  if (filter.startDate) conditions.push(eb('s.start_time', '>=', dayStart(filter.startDate, timeZone)));
  if (filter.endDate) conditions.push(eb('s.start_time', '<', dayStart(addDays(filter.endDate, 1), timeZone)));
  return eb.and(conditions);
}

/** The rows the filter selects, newest first (id breaks ties), unbounded: callers page it. */
export function historyRowsQuery(db: Kysely<Database>, ownerId: number, filter: HistoryFilter, timeZone: string) {
  return shiftsQuery(db, ownerId)
    .where(historyCondition(filter, timeZone))
    .orderBy('s.start_time', 'desc')
    .orderBy('s.id', 'desc');
}

/**
 * How far past the page the total is counted exactly. Counting every shift of years of a fleet on
 * every page would make the page cost grow with history (bench/storage.bench.ts reads a page at
 * 1 M and 50 M points); beyond this the answer says "more than".
 */
export const HISTORY_COUNT_AHEAD = 1000;

/**
 * The count, from shifts alone (every shift has its driver: the join filters nothing), stopped at
 * `upTo` + 1 rows so that its cost is bounded by the page's position, not by the history's size.
 */
export function historyCountQuery(db: Kysely<Database>, ownerId: number, filter: HistoryFilter, timeZone: string, upTo: number) {
  const matching = db
    .selectFrom('shifts as s')
    .where('s.owner_id', '=', ownerId)
    .where(historyCondition(filter, timeZone))
    .select(sql<number>`1`.as('one'))
    .limit(upTo + 1);
  return db.selectFrom(matching.as('m')).select((eb) => eb.fn.countAll<number>().as('total'));
}

/**
 * One page, and the total: exact up to HISTORY_COUNT_AHEAD shifts past the page, "at least" beyond.
 * The count rides in the page's own statement (one round trip; PostgreSQL runs an uncorrelated
 * subquery once). An offset past the end has no row to carry it and counts on its own.
 */
export async function listShiftHistory(
  db: Kysely<Database>,
  ownerId: number,
  filter: HistoryFilter,
  timeZone: string,
  page: HistoryPageRequest,
): Promise<HistoryPage> {
  const upTo = page.offset + page.limit + HISTORY_COUNT_AHEAD;
  const count = historyCountQuery(db, ownerId, filter, timeZone, upTo);
  const rows = await historyRowsQuery(db, ownerId, filter, timeZone)
    .select(count.as('matching'))
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  const more = rows.length > page.limit;
  const shifts = rows.slice(0, page.limit).map(({ matching: _matching, ...row }) => toShift(row));
  const counted = Number(rows[0]?.matching ?? (await count.executeTakeFirstOrThrow()).total);
  return { shifts, total: Math.min(counted, upTo), totalExact: counted <= upTo, nextOffset: more ? page.offset + page.limit : null };
}

/** Rows per keyset batch of the CSV export. */
export const HISTORY_EXPORT_BATCH = 1000;

export interface HistoryCursor {
  /** The last row's start_time as PostgreSQL's text (microseconds kept). */
  start: string;
  id: number;
}

/** One keyset batch: the rows after the cursor (all from the newest without one), off the page index. */
export function historyBatchQuery(db: Kysely<Database>, ownerId: number, filter: HistoryFilter, timeZone: string, after: HistoryCursor | null, batchSize: number) {
  const query = historyRowsQuery(db, ownerId, filter, timeZone)
    .select(sql<string>`s.start_time::text`.as('start_key'))
    .limit(batchSize);
  return after ? query.where(sql<boolean>`(s.start_time, s.id) < (cast(${after.start} as timestamptz), ${after.id})`) : query;
}

type HistoryBatchRow = Awaited<ReturnType<ReturnType<typeof historyBatchQuery>['execute']>>[number];

/**
 * Every shift the filter selects, newest first, in batches of at most batchSize, each read when
 * the previous one has been consumed. The cursor is the last row's (start_time, id), its time
 * carried as PostgreSQL's own text so that microseconds survive (a JS Date keeps milliseconds).
 */
export async function* historyBatches(
  db: Kysely<Database>,
  ownerId: number,
  filter: HistoryFilter,
  timeZone: string,
  batchSize = HISTORY_EXPORT_BATCH,
): AsyncGenerator<Shift[]> {
  let cursor: HistoryCursor | null = null;
  for (;;) {
    const rows: HistoryBatchRow[] = await historyBatchQuery(db, ownerId, filter, timeZone, cursor, batchSize).execute();
    if (rows.length > 0) yield rows.map(({ start_key: _key, ...row }) => toShift(row));
    if (rows.length < batchSize) return;
    const last: HistoryBatchRow = rows[rows.length - 1];
    cursor = { start: last.start_key, id: last.id };
  }
}
