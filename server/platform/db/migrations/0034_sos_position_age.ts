/**
 * An SOS goes out the moment the hold ends, with the phone's last known position, and a fresh fix
 * follows as an update of the same alert (issue 46, item 1). `alerts.position_at` is when the
 * alert's position was taken: so the desk can tell a fix of a minute ago from one taken now, and a
 * late-arriving older fix never replaces a newer one. Null: taken when the alert occurred (every
 * alert the engine raises, and every alert stored before this migration).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table alerts add column position_at timestamptz`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table alerts drop column if exists position_at`.execute(db);
}
