/**
 * The estado de cuenta (a driver's period) and the cierre del día (a fleet's day at the desk), summed
 * by PostgreSQL. A reversal counts under the kind of the entry it reverses, so a reversed cash payment
 * leaves the day's cash as if it had never been recorded, in the drawer of whoever recorded the payment.
 */
import { sql, type Kysely } from 'kysely';
import { paymentKinds, type ClosingResponse, type EntryKind } from '../../../contract/accounts';
import type { Database } from '../../platform/db/schema';
import { balanceBefore, entriesQuery, toEntry, type EntryRow } from './ledgerRepo';

export async function statementEntries(db: Kysely<Database>, ownerId: number, driverId: number, from: string, to: string) {
  const opening = await balanceBefore(db, ownerId, driverId, from);
  const rows = (await entriesQuery(db, ownerId)
    .where('e.driver_id', '=', driverId)
    .where('e.entry_date', '>=', from)
    .where('e.entry_date', '<=', to)
    .orderBy('e.entry_date')
    .orderBy('e.id')
    .execute()) as EntryRow[];
  let running = opening;
  let charges = 0;
  let payments = 0;
  const entries = rows.map((row) => {
    const entry = toEntry(row);
    running += entry.amount;
    if (entry.amount > 0) charges += entry.amount;
    else payments -= entry.amount;
    return { ...entry, balance: running };
  });
  return { opening_balance: opening, entries, charges_total: charges, payments_total: payments, closing_balance: running };
}

interface ClosingRow {
  kind: string;
  actor_name: string | null;
  actor_role: string | null;
  total: number;
  count: number;
}

export async function dayClosing(db: Kysely<Database>, ownerId: number, date: string): Promise<ClosingResponse> {
  const { rows } = await sql<ClosingRow>`
    select coalesce(o.kind, e.kind) as kind, coalesce(o.actor_name, e.actor_name) as actor_name, coalesce(o.actor_role, e.actor_role) as actor_role,
      sum(e.amount) as total, count(*) as count
    from account_entries e left join account_entries o on o.id = e.reverses_id
    where e.owner_id = ${ownerId} and e.entry_date = ${date}
    group by 1, 2, 3`.execute(db);
  const isPayment = (kind: string) => (paymentKinds as readonly string[]).includes(kind);
  const charges = new Map<string, { total: number; count: number }>();
  const collections = new Map<string, { total: number; count: number }>();
  const users = new Map<string, { name: string; role: string; total: number; count: number; cash: number }>();
  for (const row of rows) {
    const total = Number(row.total);
    const count = Number(row.count);
    const bucket = isPayment(row.kind) ? collections : charges;
    const sum = bucket.get(row.kind) ?? { total: 0, count: 0 };
    // Collections read as positive pesos received.
    sum.total += isPayment(row.kind) ? -total : total;
    sum.count += count;
    bucket.set(row.kind, sum);
    if (isPayment(row.kind) && row.actor_name) {
      const key = `${row.actor_role}:${row.actor_name}`;
      const user = users.get(key) ?? { name: row.actor_name, role: row.actor_role ?? '', total: 0, count: 0, cash: 0 };
      user.total -= total;
      user.count += count;
      if (row.kind === 'efectivo') user.cash -= total;
      users.set(key, user);
    }
  }
  const list = (map: Map<string, { total: number; count: number }>) =>
    [...map].map(([kind, sum]) => ({ kind: kind as EntryKind, ...sum })).sort((a, b) => a.kind.localeCompare(b.kind));
  const sumOf = (map: Map<string, { total: number }>) => [...map.values()].reduce((acc, item) => acc + item.total, 0);
  return {
    date,
    charges: list(charges),
    charges_total: sumOf(charges),
    collections: list(collections),
    collections_total: sumOf(collections),
    by_user: [...users.values()].sort((a, b) => a.name.localeCompare(b.name)),
    expected_cash: collections.get('efectivo')?.total ?? 0,
  };
}
