/**
 * Activity-log retention (issue 22): the log stays append-only (its trigger still refuses every
 * UPDATE and any DELETE), except the retention's own delete: inside a transaction that set
 * flota.activity_retention_days, an entry older than that many days may go. Nothing younger, and
 * no delete outside that transaction (server/modules/positions/packed/retention.ts).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create or replace function activity_log_is_append_only() returns trigger language plpgsql as $$
    declare keep_days text := current_setting('flota.activity_retention_days', true);
    begin
      if tg_op = 'DELETE' and coalesce(keep_days, '') <> ''
        and old.created_at < now() - make_interval(days => keep_days::int) then
        return old;
      end if;
      raise exception 'activity_log is append-only';
    end $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`create or replace function activity_log_is_append_only() returns trigger language plpgsql as $$
    begin raise exception 'activity_log is append-only'; end $$`.execute(db);
}
