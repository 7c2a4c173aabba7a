/**
 * Fares (issue 35, item 8): a fleet's tariff as the windscreen shows it (bajada de bandera plus a
 * step per 200 m or 60 s), off until the fleet turns it on; and each finished trip's fare in whole
 * pesos, typed from the taxímetro by the driver or estimated by Flota from the trail (`fare_estimated`).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('fare_tariffs')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('owners.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('flag_down', 'integer', (c) => c.notNull().check(sql`flag_down >= 0`))
    .addColumn('step', 'integer', (c) => c.notNull().check(sql`step >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('fare_pesos', 'integer', (c) => c.check(sql`fare_pesos >= 0`))
    .execute();
  await db.schema.alterTable('bookings').addColumn('fare_estimated', 'boolean').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('fare_estimated').execute();
  await db.schema.alterTable('bookings').dropColumn('fare_pesos').execute();
  await db.schema.dropTable('fare_tariffs').execute();
}
