/**
 * Shift history of one owner: filtered by driver and by whole days in the fleet's time zone, newest
 * first, at most HISTORY_MAX_ROWS rows (1000; a year of a 50-taxi fleet is ~18,000 shifts) with the
 * full count when more match.
 *
 * A shift belongs to the day it starts, in the fleet's time zone. Day bounds are computed by
 * PostgreSQL (`timestamp AT TIME ZONE`), which knows every DST change: in Chile a day can last 23
 * or 25 hours, and September's local midnight does not exist (the day starts at 01:00).
 * The filters are served by migration 0001's indexes (owner_id, start_time desc) and
 * (owner_id, driver_id, start_time desc); see bench/history.bench.ts.
 */
import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { HISTORY_MAX_ROWS } from '../../../contract/api';
import type { Shift } from '../../../contract/entities';
import type { Database, ShiftsTable } from '../../platform/db/schema';
import { addDays } from '../../platform/timeZone';
import { shiftsQuery, toShift } from './shiftsRepo';

export interface HistoryFilter {
  driverId?: number;
  /** YYYY-MM-DD, inclusive. */
  startDate?: string;
  /** YYYY-MM-DD, inclusive. */
  endDate?: string;
}

export interface HistoryPage {
  shifts: Shift[];
  /** How many shifts match in all. */
  total: number;
  limited: boolean;
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
  if (filter.startDate) conditions.push(eb('s.start_time', '>=', dayStart(filter.startDate, timeZone)));
  if (filter.endDate) conditions.push(eb('s.start_time', '<', dayStart(addDays(filter.endDate, 1), timeZone)));
  return eb.and(conditions);
}

/** The rows query, newest first (id breaks ties), one past the limit so that "more" can be told. */
export function historyRowsQuery(db: Kysely<Database>, ownerId: number, filter: HistoryFilter, timeZone: string) {
  return shiftsQuery(db, ownerId)
    .where(historyCondition(filter, timeZone))
    .orderBy('s.start_time', 'desc')
    .orderBy('s.id', 'desc')
    .limit(HISTORY_MAX_ROWS + 1);
}

/** The full count, from shifts alone (every shift has its driver: the join filters nothing). */
export function historyCountQuery(db: Kysely<Database>, ownerId: number, filter: HistoryFilter, timeZone: string) {
  return db
    .selectFrom('shifts as s')
    .where('s.owner_id', '=', ownerId)
    .where(historyCondition(filter, timeZone))
    .select((eb) => eb.fn.countAll<number>().as('total'));
}

export async function listShiftHistory(db: Kysely<Database>, ownerId: number, filter: HistoryFilter, timeZone: string): Promise<HistoryPage> {
  const rows = await historyRowsQuery(db, ownerId, filter, timeZone).execute();
  const limited = rows.length > HISTORY_MAX_ROWS;
  const shifts = rows.slice(0, HISTORY_MAX_ROWS).map(toShift);
  // Counting is only needed when the page is cut short.
  const total = limited ? Number((await historyCountQuery(db, ownerId, filter, timeZone).executeTakeFirstOrThrow()).total) : shifts.length;
  return { shifts, total, limited };
}
