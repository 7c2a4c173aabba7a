/**
 * "Where was everyone at a time" finds the shifts around that time by their start (a shift is at
 * most a day long) and, through this small partial index, the rare ones that lasted longer (a
 * shift left open over a weekend): without it the search read every shift the fleet ever had.
 * The predicate is written exactly as positions/positionsAt.ts writes it, so the planner uses it.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index shifts_owner_long_idx on shifts (owner_id, start_time) where end_time - start_time > interval '24 hours'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists shifts_owner_long_idx`.execute(db);
}
