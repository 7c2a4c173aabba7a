/**
 * The whole walking-skeleton schema. Soft deletes (deleted_at) keep history readable after a driver
 * or vehicle is removed; partial unique indexes apply only to live rows.
 */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the current Database type, which will change later.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('owners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('rut', 'text', (c) => c.notNull().unique())
    .addColumn('rut_body', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('owners_rut_body_idx').on('owners').column('rut_body').execute();

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id'))
    .addColumn('plate_number', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('color', 'text')
    .addColumn('year', 'integer')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('vehicles_owner_plate_live_uq')
    .on('vehicles')
    .columns(['owner_id', 'plate_number'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('vehicles_owner_idx').on('vehicles').column('owner_id').execute();

  await db.schema
    .createTable('drivers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id'))
    .addColumn('rut', 'text', (c) => c.notNull())
    .addColumn('rut_body', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('license_number', 'text')
    .addColumn('license_expiry', 'date')
    .addColumn('current_vehicle_id', 'integer', (c) => c.references('vehicles.id'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('drivers_owner_rut_live_uq')
    .on('drivers')
    .columns(['owner_id', 'rut'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // A vehicle belongs to at most one (live) driver.
  await sql`create unique index drivers_current_vehicle_live_uq on drivers (current_vehicle_id)
    where deleted_at is null and current_vehicle_id is not null`.execute(db);
  await db.schema.createIndex('drivers_owner_idx').on('drivers').column('owner_id').execute();
  await db.schema.createIndex('drivers_rut_body_idx').on('drivers').column('rut_body').execute();

  await db.schema
    .createTable('shifts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id'))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('last_location_time', 'timestamptz')
    .execute();
  // One active shift per driver.
  await sql`create unique index shifts_driver_active_uq on shifts (driver_id) where end_time is null`.execute(db);
  await sql`create index shifts_owner_start_idx on shifts (owner_id, start_time desc)`.execute(db);
  await sql`create index shifts_owner_driver_start_idx on shifts (owner_id, driver_id, start_time desc)`.execute(db);
  await sql`create index shifts_owner_active_idx on shifts (owner_id) where end_time is null`.execute(db);

  await db.schema
    .createTable('shift_locations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id'))
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shift_locations_shift_recorded_idx')
    .on('shift_locations')
    .columns(['shift_id', 'recorded_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['shift_locations', 'shifts', 'drivers', 'vehicles', 'owners']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
