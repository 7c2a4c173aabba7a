/**
 * Two reads of issue 35 get an index each:
 * - a debt's reach (ledgerRepo.balances) walks a driver's charges back from the newest, one probe
 *   per charge: a partial index of the charges alone, newest first, carrying the amount, so each
 *   probe skips the payments and (once vacuumed) reads no table page;
 * - the fares of a shift's trips (Reportes' income, a porcentaje cuota) are found by shift.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index account_entries_charges on account_entries (owner_id, driver_id, entry_date desc, id desc) include (amount) where amount > 0`.execute(db);
  await sql`create index bookings_shift_fares on bookings (shift_id) include (fare_pesos, fare_estimated) where fare_pesos is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists bookings_shift_fares`.execute(db);
  await sql`drop index if exists account_entries_charges`.execute(db);
}
