/**
 * Seguimiento (issue 36): one tracking link per booking, made when a taxi is assigned or accepts.
 * The token is random (144 bits, base64url), never derived from an id; it is kept as is because the
 * desk copies the link again later. A fleet's tracking settings: the phone the page shows and
 * whether the taxi's position keeps showing after the passenger boards.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table tracking_links (
      booking_id integer primary key references bookings(id) on delete cascade,
      owner_id integer not null references owners(id) on delete cascade,
      token text not null unique,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    )`.execute(db);
  await sql`
    create table tracking_settings (
      owner_id integer primary key references owners(id) on delete cascade,
      phone text,
      position_after_boarding boolean not null default false
    )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists tracking_settings`.execute(db);
  await sql`drop table if exists tracking_links`.execute(db);
}
