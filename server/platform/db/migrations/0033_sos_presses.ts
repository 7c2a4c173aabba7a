/**
 * SOS cannot flood (issue 45): a driver's presses while their SOS is open join that one alert
 * instead of raising one each. `alerts.presses` counts them (1 for every other alert); each press
 * is a row of `sos_presses`, keyed by the phone's `client_id`, so a press the phone sends twice
 * (queued offline, resent) counts once. A press belongs to the alert it raised or joined, and goes
 * with it (retention).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table alerts add column presses integer not null default 1`.execute(db);
  await sql`
    create table sos_presses (
      driver_id integer not null,
      client_id text not null,
      owner_id integer not null references owners(id) on delete cascade,
      alert_id integer not null references alerts(id) on delete cascade,
      pressed_at timestamptz not null,
      created_at timestamptz not null default now(),
      primary key (driver_id, client_id)
    )`.execute(db);
  await sql`create index sos_presses_alert on sos_presses (alert_id)`.execute(db);
  // The driver's open SOS, looked for at every press.
  await sql`create index alerts_open_sos on alerts (owner_id, driver_id) where kind = 'sos' and acknowledged_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists alerts_open_sos`.execute(db);
  await sql`drop table if exists sos_presses`.execute(db);
  await sql`alter table alerts drop column if exists presses`.execute(db);
}
