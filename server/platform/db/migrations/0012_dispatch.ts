/**
 * Despacho (issue 25): bookings and their transitions, customers per phone within a fleet, the
 * fleet's saved places and each shift's availability. Two partial unique indexes make the database
 * the judge of the double-assignment race: a driver holds at most one live trip and at most one
 * open offer, whichever process or dispatcher asks.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('customers_owner_phone', ['owner_id', 'phone'])
    .execute();

  await db.schema
    .createTable('dispatch_places')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('dispatch_places_owner').on('dispatch_places').column('owner_id').execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pendiente'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text')
    .addColumn('pickup_latitude', 'double precision', (c) => c.notNull())
    .addColumn('pickup_longitude', 'double precision', (c) => c.notNull())
    .addColumn('pickup_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('destination_latitude', 'double precision')
    .addColumn('destination_longitude', 'double precision')
    .addColumn('destination_label', 'text')
    .addColumn('passengers', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notes', 'text')
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id'))
    .addColumn('shift_id', 'integer', (c) => c.references('shifts.id').onDelete('set null'))
    .addColumn('offer_driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('offer_vehicle_id', 'integer')
    .addColumn('offer_shift_id', 'integer')
    .addColumn('offer_expires_at', 'timestamptz')
    .addColumn('offer_distance_m', 'double precision')
    .addColumn('offer_eta_s', 'double precision')
    .addColumn('refusals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_attention', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('bookings_owner_open').on('bookings').columns(['owner_id', 'closed_at']).execute();
  await db.schema.createIndex('bookings_customer').on('bookings').column('customer_id').execute();
  await sql`create unique index bookings_one_trip_per_driver on bookings (driver_id) where status in ('asignado', 'en_camino', 'en_el_lugar', 'a_bordo')`.execute(db);
  await sql`create unique index bookings_one_offer_per_driver on bookings (offer_driver_id) where status = 'ofrecido'`.execute(db);
  await sql`create index bookings_offer_expiry on bookings (offer_expires_at) where status = 'ofrecido'`.execute(db);
  await sql`create index bookings_scheduled on bookings (scheduled_for) where status = 'pendiente' and scheduled_for is not null`.execute(db);

  await db.schema
    .createTable('booking_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('driver_id', 'integer')
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('booking_events_booking').on('booking_events').columns(['booking_id', 'id']).execute();

  await db.schema
    .createTable('shift_availability')
    .addColumn('shift_id', 'integer', (c) => c.primaryKey().references('shifts.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('availability', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shift_availability').execute();
  await db.schema.dropTable('booking_events').execute();
  await db.schema.dropTable('bookings').execute();
  await db.schema.dropTable('dispatch_places').execute();
  await db.schema.dropTable('customers').execute();
}
