/**
 * When a shift last heard from its phone, by the server's clock. A tracker's idle rule counts from
 * here, not from the points' own times: a phone that uploads an hour of buffered points after a
 * tunnel is not idle, and a shift just started for old points is not ended before they are stored.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table shifts add column last_seen_at timestamptz not null default now()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table shifts drop column if exists last_seen_at`.execute(db);
}
