/**
 * Phones and trackers (issue 11). Every driver gets a device identifier: the OsmAnd/Traccar Client
 * credential, long and random (gen_random_uuid draws from PostgreSQL's strong random source), unique
 * across all fleets so one id names one driver. The volatile default gives each existing row its
 * own. Shifts remember who started them: a tracker's shift ends by itself when the points stop.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const NEW_DEVICE_ID = sql<string>`replace(gen_random_uuid()::text, '-', '')`;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('drivers')
    .addColumn('device_id', 'text', (c) => c.notNull().defaultTo(NEW_DEVICE_ID))
    .execute();
  await db.schema.createIndex('drivers_device_id_uq').on('drivers').column('device_id').unique().execute();
  await db.schema
    .alterTable('shifts')
    .addColumn('started_by', 'text', (c) => c.notNull().defaultTo('driver'))
    .execute();
  await sql`create index shifts_tracker_active_idx on shifts (last_location_time) where end_time is null and started_by = 'tracker'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists shifts_tracker_active_idx`.execute(db);
  await db.schema.alterTable('shifts').dropColumn('started_by').execute();
  await sql`drop index if exists drivers_device_id_uq`.execute(db);
  await db.schema.alterTable('drivers').dropColumn('device_id').execute();
}
