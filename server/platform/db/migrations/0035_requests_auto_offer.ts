/**
 * "Pedir un taxi": a passenger's request is offered to the nearest free taxi as soon as it arrives,
 * unless the fleet turns that off (issue 46, item 8). On by default: a fleet that opened its page
 * wants its requests taken, not parked on the board until someone at the desk notices them.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table tracking_settings add column requests_auto_offer boolean not null default true`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table tracking_settings drop column if exists requests_auto_offer`.execute(db);
}
