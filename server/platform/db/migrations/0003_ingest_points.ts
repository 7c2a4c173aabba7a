/**
 * Location ingest at city scale: the optional readings a phone sends with each point, one stored
 * point per shift and timestamp (a retried batch does not duplicate the trail: the ingest inserts
 * with ON CONFLICT DO NOTHING), and a driver token version that a password reset, deactivation or
 * delete bumps so older tokens stop at once, and the cap that keeps a future point from freezing a
 * taxi (server/ingest/flushPoints.ts).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('shift_locations')
    .addColumn('speed', 'double precision')
    .addColumn('heading', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('battery', 'double precision')
    .execute();
  // Duplicates stored before this migration: keep the first of each (shift, timestamp).
  await sql`delete from shift_locations a using shift_locations b
    where a.shift_id = b.shift_id and a.recorded_at = b.recorded_at and a.id > b.id`.execute(db);
  // The unique index also serves every read the old (shift_id, recorded_at) index served.
  await sql`create unique index shift_locations_shift_recorded_uq on shift_locations (shift_id, recorded_at)`.execute(db);
  await sql`drop index if exists shift_locations_shift_recorded_idx`.execute(db);
  await db.schema
    .alterTable('drivers')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // What a newer point must beat to move the taxi: its time, capped at arrival + a few seconds, so a
  // point from the future cannot freeze the taxi (null: last_location_time).
  await db.schema.alterTable('shifts').addColumn('position_time_cap', 'timestamptz').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await sql`create index if not exists shift_locations_shift_recorded_idx on shift_locations (shift_id, recorded_at)`.execute(db);
  await sql`drop index if exists shift_locations_shift_recorded_uq`.execute(db);
  await db.schema.alterTable('drivers').dropColumn('token_version').execute();
  await db.schema.alterTable('shifts').dropColumn('position_time_cap').execute();
  for (const column of ['speed', 'heading', 'accuracy', 'battery']) {
    await db.schema.alterTable('shift_locations').dropColumn(column).execute();
  }
}
