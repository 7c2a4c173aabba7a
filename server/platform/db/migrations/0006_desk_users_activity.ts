/**
 * Desk accounts and the activity log (issue 14).
 *
 * The owner stays in `owners` (its id is still the fleet id every table points at, and
 * `owner:add` still creates it): it is the fleet's Dueño. The people at the desk live beside it in
 * `desk_users`, each bound to one fleet by `owner_id`, with role Administrador or Operador.
 * `token_version` (on both) ends every session of an account at once when it is bumped.
 * The activity log is append-only: a trigger refuses UPDATE and DELETE, whoever asks.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('owners')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('desk_users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id'))
    .addColumn('rut', 'text', (c) => c.notNull())
    .addColumn('rut_body', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('administrador', 'operador')`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // A RUT signs in to one desk account: unique among live desk users (owners are checked in code).
  await sql`create unique index desk_users_rut_live_uq on desk_users (rut) where deleted_at is null`.execute(db);
  await db.schema.createIndex('desk_users_rut_body_idx').on('desk_users').column('rut_body').execute();
  await db.schema.createIndex('desk_users_owner_idx').on('desk_users').column('owner_id').execute();

  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id'))
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('entity_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index activity_log_owner_time_idx on activity_log (owner_id, created_at desc, id desc)`.execute(db);
  await sql`create function activity_log_is_append_only() returns trigger language plpgsql as $$
    begin raise exception 'activity_log is append-only'; end $$`.execute(db);
  await sql`create trigger activity_log_append_only before update or delete on activity_log
    for each row execute function activity_log_is_append_only()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('activity_log').ifExists().execute();
  await sql`drop function if exists activity_log_is_append_only()`.execute(db);
  await db.schema.dropTable('desk_users').ifExists().execute();
  await db.schema.alterTable('owners').dropColumn('token_version').execute();
}
