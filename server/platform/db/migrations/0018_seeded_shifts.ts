/**
 * The demo seeder's own shifts, marked as such: the demo-history pass (tools/seed/demoHistory.ts)
 * writes a full trail only over a shift listed here with `trail_pending`, and clears the flag in the
 * same transaction. Before this table the pass picked any ended demo shift with few points, so a
 * real short shift of a fleet that adopted the demo account lost its trail at the next start.
 *
 * Existing databases: nothing is marked. A seeded shift and a real one cannot be told apart after
 * the fact, so every shift already there is left as it is (a demo database whose history pass had
 * not finished keeps its older shifts with the seed's 8 points; reports over them stay correct).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table seeded_shifts (
    shift_id integer primary key references shifts (id) on delete cascade,
    trail_pending boolean not null default true
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists seeded_shifts`.execute(db);
}
