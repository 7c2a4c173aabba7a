/**
 * History pages: newest first with the id breaking ties (ORDER BY start_time DESC, id DESC), per
 * owner, optionally per driver or per vehicle. Each index now ends in `id desc`, so a page or a
 * CSV batch (keyset on start_time, id) is read straight off the index with no sort, and the vehicle
 * filter has an index of its own. None covers a column the ingest rewrites (0008: HOT updates).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop index if exists shifts_owner_start_idx`.execute(db);
  await sql`drop index if exists shifts_owner_driver_start_idx`.execute(db);
  await sql`create index shifts_owner_start_idx on shifts (owner_id, start_time desc, id desc)`.execute(db);
  await sql`create index shifts_owner_driver_start_idx on shifts (owner_id, driver_id, start_time desc, id desc)`.execute(db);
  await sql`create index shifts_owner_vehicle_start_idx on shifts (owner_id, vehicle_id, start_time desc, id desc)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists shifts_owner_vehicle_start_idx`.execute(db);
  await sql`drop index if exists shifts_owner_driver_start_idx`.execute(db);
  await sql`drop index if exists shifts_owner_start_idx`.execute(db);
  await sql`create index shifts_owner_start_idx on shifts (owner_id, start_time desc)`.execute(db);
  await sql`create index shifts_owner_driver_start_idx on shifts (owner_id, driver_id, start_time desc)`.execute(db);
}
