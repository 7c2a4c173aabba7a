/**
 * Rules muted per zone for a while (issue 46, item 2): a busy zone's alerts stop reaching the desk
 * and the rules' e-mail until `muted_until`, by the server's clock. One row per zone; muting again
 * moves the time on; deleting the zone deletes its mute.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table alert_zone_mutes (
      zone_id integer primary key references zones(id) on delete cascade,
      owner_id integer not null references owners(id) on delete cascade,
      muted_until timestamptz not null,
      muted_by text not null
    )
  `.execute(db);
  await sql`create index alert_zone_mutes_owner on alert_zone_mutes (owner_id, muted_until)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists alert_zone_mutes`.execute(db);
}
