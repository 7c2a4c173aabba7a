/**
 * Every ingest flush rewrites each moving shift's position (latitude, longitude,
 * last_location_time, position_time_cap, last_seen_at). PostgreSQL can do that as a HOT update (a
 * new row version on the same page, no new entry in any index) only when no index covers an
 * updated column and the page has room. 0005's tracker index covered last_location_time, so every
 * position rewrote all seven of the table's indexes; the idle sweep has filtered on last_seen_at
 * since 0007, so the index now only needs to find the active tracker shifts, by id (the sweep's
 * order). fillfactor leaves room on each page for the next versions of its rows.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop index if exists shifts_tracker_active_idx`.execute(db);
  await sql`create index shifts_tracker_active_idx on shifts (id) where end_time is null and started_by = 'tracker'`.execute(db);
  await sql`alter table shifts set (fillfactor = 70)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table shifts reset (fillfactor)`.execute(db);
  await sql`drop index if exists shifts_tracker_active_idx`.execute(db);
  await sql`create index shifts_tracker_active_idx on shifts (last_location_time) where end_time is null and started_by = 'tracker'`.execute(db);
}
