/**
 * Cuentas de los conductores (issue 35): an append-only ledger in integer pesos.
 *
 * - `account_terms`: each driver's terms (cuota diaria, semanal, por turno, porcentaje), effective from a
 *   date; a change is a new row, so the history stays and past charges keep the terms they were made under.
 * - `account_entries`: every charge, payment, adjustment and reversal, with a signed `amount` (a charge
 *   adds to what the driver owes, a payment subtracts), the Santiago day it belongs to, and an
 *   idempotency key unique per fleet: the charge pass writes `auto:<driver>:<period>:<n>` and a desk
 *   request its client's key, both with `insert … on conflict do nothing`, so a rerun, a retried
 *   request or a second process stores nothing twice. A reversal names the entry it reverses (once).
 *   Triggers refuse UPDATE and DELETE on both tables, whoever asks.
 * - `account_balances`: each driver's balance, kept by a trigger on every insert (a cache of the sum
 *   the property test checks against the entries);
 * - `account_settings`: per fleet, whether a day (or week) without a shift is charged, and after how
 *   many days behind a driver needs attention.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('account_terms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('diaria', 'semanal', 'por_turno', 'porcentaje')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('effective_from', 'date', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_terms_driver').on('account_terms').columns(['owner_id', 'driver_id', 'effective_from']).execute();

  await db.schema
    .createTable('account_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // Signed pesos: + what the driver owes more, - what they paid (bigint: a year of a fleet never overflows a sum).
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0 and abs(amount) <= 1000000000`))
    .addColumn('entry_date', 'date', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reference', 'text')
    .addColumn('reverses_id', 'bigint', (c) => c.references('account_entries.id').unique())
    .addColumn('terms_id', 'integer', (c) => c.references('account_terms.id'))
    .addColumn('period_key', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('account_entries_idempotency', ['owner_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('account_entries_driver_date').on('account_entries').columns(['owner_id', 'driver_id', 'entry_date', 'id']).execute();
  await sql`create index account_entries_created on account_entries (owner_id, created_at)`.execute(db);
  await sql`create index account_entries_period on account_entries (owner_id, driver_id, period_key) where period_key is not null`.execute(db);

  // Each driver's balance, kept by a trigger as every entry is inserted (whoever inserts it): the
  // balances list reads 200 rows instead of summing a year of entries. Concurrent inserts for one
  // driver queue on its row, so the sum stays exact.
  await db.schema
    .createTable('account_balances')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.primaryKey().references('drivers.id').onDelete('cascade'))
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_balances_owner').on('account_balances').column('owner_id').execute();
  await sql`create function account_balances_add() returns trigger language plpgsql as $$
    begin
      insert into account_balances (owner_id, driver_id, balance) values (new.owner_id, new.driver_id, new.amount)
        on conflict (driver_id) do update set balance = account_balances.balance + excluded.balance;
      return null;
    end $$`.execute(db);
  await sql`create trigger account_entries_balance after insert on account_entries
    for each row execute function account_balances_add()`.execute(db);

  await db.schema
    .createTable('account_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('owners.id').onDelete('cascade'))
    .addColumn('charge_days_without_shift', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('behind_days_alert', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Append-only: a mistake is a reversal, never an edit. Deleting a driver or a fleet (cascade) still goes through.
  await sql`create function accounts_are_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and pg_trigger_depth() > 1 then return old; end if;
      raise exception '% is append-only', tg_table_name;
    end $$`.execute(db);
  for (const table of ['account_terms', 'account_entries']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function accounts_are_append_only()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_settings').ifExists().execute();
  await db.schema.dropTable('account_balances').ifExists().execute();
  await db.schema.dropTable('account_entries').ifExists().execute();
  await db.schema.dropTable('account_terms').ifExists().execute();
  await sql`drop function if exists accounts_are_append_only()`.execute(db);
  await sql`drop function if exists account_balances_add()`.execute(db);
}
