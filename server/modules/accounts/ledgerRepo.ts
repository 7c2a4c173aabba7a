/**
 * The ledger's reads and writes. Every sum is done by PostgreSQL over integer columns (bigint), and
 * read back as a JS integer (platform/db/typeParsers.ts): no floating point on the money path.
 */
import { sql, type Kysely } from 'kysely';
import type { AccountEntry, EntryKind, Terms, TermKind } from '../../../contract/accounts';
import type { Database } from '../../platform/db/schema';

export interface EntryRow {
  id: number;
  driver_id: number;
  kind: string;
  amount: number;
  entry_date: string;
  reason: string | null;
  reference: string | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  period_key: string | null;
  actor_name: string | null;
  actor_role: string | null;
  created_at: Date;
  idempotency_key: string;
}

export function toEntry(row: EntryRow): AccountEntry {
  return {
    id: Number(row.id),
    driver_id: row.driver_id,
    kind: row.kind as EntryKind,
    amount: Number(row.amount),
    date: row.entry_date,
    reason: row.reason,
    reference: row.reference,
    reverses_id: row.reverses_id === null ? null : Number(row.reverses_id),
    reversed_by_id: row.reversed_by_id === null ? null : Number(row.reversed_by_id),
    period: row.period_key,
    recorded_by: row.actor_name,
    recorded_role: row.actor_role,
    created_at: row.created_at.toISOString(),
  };
}

/** The fleet's entries with, for each, the id of the entry that reversed it. */
export function entriesQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('account_entries as e')
    .leftJoin('account_entries as r', 'r.reverses_id', 'e.id')
    .select([
      'e.id',
      'e.driver_id',
      'e.kind',
      'e.amount',
      'e.entry_date',
      'e.reason',
      'e.reference',
      'e.reverses_id',
      'r.id as reversed_by_id',
      'e.period_key',
      'e.actor_name',
      'e.actor_role',
      'e.created_at',
      'e.idempotency_key',
    ])
    .where('e.owner_id', '=', ownerId);
}

export async function findEntry(db: Kysely<Database>, ownerId: number, id: number): Promise<EntryRow | undefined> {
  return entriesQuery(db, ownerId).where('e.id', '=', id).executeTakeFirst() as Promise<EntryRow | undefined>;
}

export async function findEntryByKey(db: Kysely<Database>, ownerId: number, key: string): Promise<EntryRow | undefined> {
  return entriesQuery(db, ownerId).where('e.idempotency_key', '=', key).executeTakeFirst() as Promise<EntryRow | undefined>;
}

export async function lastEntries(db: Kysely<Database>, ownerId: number, driverId: number, limit: number): Promise<AccountEntry[]> {
  const rows = (await entriesQuery(db, ownerId).where('e.driver_id', '=', driverId).orderBy('e.entry_date', 'desc').orderBy('e.id', 'desc').limit(limit).execute()) as EntryRow[];
  return rows.map(toEntry);
}

export interface NewEntry {
  owner_id: number;
  driver_id: number;
  kind: string;
  amount: number;
  entry_date: string;
  reason: string | null;
  reference: string | null;
  reverses_id: number | null;
  idempotency_key: string;
  actor_role: string;
  actor_id: number;
  actor_name: string;
}

/** Inserts once: null when an entry with the same key (or a reversal of the same entry) is already there. */
export async function insertEntryOnce(db: Kysely<Database>, entry: NewEntry): Promise<number | null> {
  const row = await db
    .insertInto('account_entries')
    .values(entry)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface BalanceRow {
  driver_id: number;
  balance: number;
  /** The oldest day whose charges the balance still covers (null: nothing owed). */
  owed_since: string | null;
}

/** Charges walked back from the newest when finding how far a debt reaches; a longer debt is summed whole. */
const RECENT_CHARGES = 120;

/**
 * Balances and the day the debt goes back to, for a fleet (or one driver). Payments settle the
 * oldest charges first, so the debt reaches back to the newest charge at which the charges counted
 * from today backwards add up to the balance. The balance comes from account_balances (kept by a
 * trigger on every insert). The reach walks each owing driver's charges back from the newest, one
 * index probe (account_entries_charges) per charge, and stops as soon as they cover the balance: a
 * driver who owes today's cuota costs one probe, not a window over their last 120 charges (the
 * former shape, kept in bench/settlement.bench.ts as the same-run reference: it read 24,000 rows for
 * 200 drivers). Only a debt older than 120 charges sums the driver's whole ledger.
 * With `asOf`, everything is summed from the entries up to that day.
 */
export async function balances(db: Kysely<Database>, ownerId: number, options: { driverId?: number; asOf?: string } = {}): Promise<BalanceRow[]> {
  if (options.asOf !== undefined) return summedBalances(db, ownerId, options);
  const driverFilter = options.driverId === undefined ? sql`` : sql`and b.driver_id = ${options.driverId}`;
  const { rows } = await sql<{ driver_id: number; balance: number; owed_since: string | null; reached: boolean | null }>`
    with recursive walk as (
      select b.driver_id, b.balance, c.entry_date, c.id, c.amount as reach, 1 as charges
      from account_balances b
      cross join lateral (
        select e.entry_date, e.id, e.amount from account_entries e
        where e.owner_id = b.owner_id and e.driver_id = b.driver_id and e.amount > 0
        order by e.entry_date desc, e.id desc limit 1
      ) c
      where b.owner_id = ${ownerId} and b.balance > 0 ${driverFilter}
      union all
      select w.driver_id, w.balance, c.entry_date, c.id, w.reach + c.amount, w.charges + 1
      from walk w
      cross join lateral (
        select e.entry_date, e.id, e.amount from account_entries e
        where e.owner_id = ${ownerId} and e.driver_id = w.driver_id and e.amount > 0 and (e.entry_date, e.id) < (w.entry_date, w.id)
        order by e.entry_date desc, e.id desc limit 1
      ) c
      where w.reach < w.balance and w.charges < ${RECENT_CHARGES}
    ), reach as (
      select driver_id, max(entry_date) filter (where reach >= balance) as owed_since, bool_or(reach >= balance) as reached
      from walk group by driver_id
    )
    select b.driver_id, b.balance, r.owed_since, r.reached
    from account_balances b left join reach r on r.driver_id = b.driver_id
    where b.owner_id = ${ownerId} ${driverFilter}`.execute(db);
  const result = rows.map((row) => ({ driver_id: row.driver_id, balance: Number(row.balance), owed_since: Number(row.balance) > 0 ? row.owed_since : null }));
  const longDebts = rows.filter((row) => Number(row.balance) > 0 && !row.reached).map((row) => row.driver_id);
  if (longDebts.length === 0) return result;
  const summed = new Map((await summedBalances(db, ownerId, { driverIds: longDebts })).map((row) => [row.driver_id, row]));
  return result.map((row) => summed.get(row.driver_id) ?? row);
}

/** The same answer summed from the entries: up to a day, or for debts older than the recent charges. */
async function summedBalances(db: Kysely<Database>, ownerId: number, options: { driverId?: number; driverIds?: number[]; asOf?: string }): Promise<BalanceRow[]> {
  const ids = options.driverIds ?? (options.driverId === undefined ? null : [options.driverId]);
  const driverFilter = ids === null ? sql`` : sql`and driver_id in (${sql.join(ids)})`;
  const dateFilter = options.asOf === undefined ? sql`` : sql`and entry_date <= ${options.asOf}`;
  const { rows } = await sql<{ driver_id: number; balance: number; owed_since: string | null }>`
    with bal as (
      select driver_id, sum(amount) as balance
      from account_entries where owner_id = ${ownerId} ${driverFilter} ${dateFilter}
      group by driver_id
    ), charges as (
      select driver_id, entry_date,
        sum(amount) over (partition by driver_id order by entry_date desc, id desc) as reach
      from account_entries where owner_id = ${ownerId} and amount > 0 ${driverFilter} ${dateFilter}
    )
    select b.driver_id, b.balance,
      case when b.balance <= 0 then null
        else coalesce(max(c.entry_date) filter (where c.reach >= b.balance), min(c.entry_date)) end as owed_since
    from bal b left join charges c on c.driver_id = b.driver_id
    group by b.driver_id, b.balance`.execute(db);
  return rows.map((row) => ({ driver_id: row.driver_id, balance: Number(row.balance), owed_since: row.owed_since }));
}

/** The balance of one driver before a day (the estado de cuenta's opening). */
export async function balanceBefore(db: Kysely<Database>, ownerId: number, driverId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('account_entries')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('balance'))
    .where('owner_id', '=', ownerId)
    .where('driver_id', '=', driverId)
    .where('entry_date', '<', day)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

export interface TermsDbRow {
  id: number;
  driver_id: number;
  kind: string;
  amount: number;
  effective_from: string;
  actor_name: string;
  created_at: Date;
}

export const toTerms = (row: TermsDbRow): Terms => ({
  id: row.id,
  kind: row.kind as TermKind,
  amount: row.amount,
  effective_from: row.effective_from,
  recorded_by: row.actor_name,
  created_at: row.created_at.toISOString(),
});

export function termsQuery(db: Kysely<Database>, ownerId: number) {
  return db.selectFrom('account_terms').select(['id', 'driver_id', 'kind', 'amount', 'effective_from', 'actor_name', 'created_at']).where('owner_id', '=', ownerId);
}

/** Each driver's terms in effect on a day (the latest effective on or before it). */
export async function currentTerms(db: Kysely<Database>, ownerId: number, day: string, driverId?: number): Promise<Map<number, Terms>> {
  let query = termsQuery(db, ownerId).where('effective_from', '<=', day);
  if (driverId !== undefined) query = query.where('driver_id', '=', driverId);
  const rows = await query.orderBy('effective_from').orderBy('id').execute();
  return new Map(rows.map((row) => [row.driver_id, toTerms(row)]));
}
