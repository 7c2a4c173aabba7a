/** A vehicle drives at most one active shift (as a driver has at most one: shifts_driver_active_uq). */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create unique index shifts_vehicle_active_uq on shifts (vehicle_id)
    where end_time is null and vehicle_id is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists shifts_vehicle_active_uq`.execute(db);
}
