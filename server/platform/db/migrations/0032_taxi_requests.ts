/**
 * "Pedir un taxi" (issue 36, item 5): a passenger asks for a taxi on the fleet's public page.
 * A booking says where it came from (`origin`: the desk typed it, or the web page); the fleet
 * switches the page on (`tracking_settings.requests_enabled`, off by default); the desk keeps a
 * list of numbers the page refuses (`blocked_phones`). The index serves the per-phone limits,
 * which count a number's web requests in the last hour and its open ones.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table bookings add column origin text not null default 'desk' check (origin in ('desk', 'web'))`.execute(db);
  await sql`create index bookings_web_phone on bookings (owner_id, customer_phone, created_at) where origin = 'web'`.execute(db);
  await sql`alter table tracking_settings add column requests_enabled boolean not null default false`.execute(db);
  await sql`
    create table blocked_phones (
      id serial primary key,
      owner_id integer not null references owners(id) on delete cascade,
      phone text not null,
      created_at timestamptz not null default now(),
      unique (owner_id, phone)
    )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists blocked_phones`.execute(db);
  await sql`alter table tracking_settings drop column if exists requests_enabled`.execute(db);
  await sql`drop index if exists bookings_web_phone`.execute(db);
  await sql`alter table bookings drop column if exists origin`.execute(db);
}
