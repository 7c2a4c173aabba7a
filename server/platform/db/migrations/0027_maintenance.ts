/**
 * Mantención (issue 34, item 7): each taxi's odometer reading, its maintenance plans and its service
 * records. The alerts a plan raises are rows of `alerts` keyed by the plan's occurrence (its plan and
 * the service it counts from), so `alerts_episode` stores each "próxima" and "vencida" once.
 *
 * Fleets whose default alert rules were already written get the "Mantención" rule here (new fleets
 * get it with the other defaults), so the desk hears these alerts without a setting.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('vehicle_odometers')
    .addColumn('vehicle_id', 'integer', (c) => c.primaryKey().references('vehicles.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('reading_km', 'integer', (c) => c.notNull())
    .addColumn('read_on', 'date', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('maintenance_plans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('every_km', 'integer')
    .addColumn('every_months', 'integer')
    .addColumn('last_done_on', 'date', (c) => c.notNull())
    .addColumn('last_done_km', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('maintenance_plans_interval', sql`every_km is not null or every_months is not null`)
    .execute();
  await db.schema.createIndex('maintenance_plans_vehicle').on('maintenance_plans').columns(['owner_id', 'vehicle_id']).execute();

  await db.schema
    .createTable('maintenance_records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('done_on', 'date', (c) => c.notNull())
    .addColumn('odometer_km', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('workshop', 'text')
    .addColumn('cost_pesos', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('maintenance_records_vehicle').on('maintenance_records').columns(['owner_id', 'vehicle_id', 'done_on']).execute();

  await sql`
    insert into alert_rules (owner_id, name, kinds, desk, email_to)
    select owner_id, 'Mantención', '["maintenance_due", "maintenance_overdue"]'::jsonb, true, '[]'::jsonb from alert_rule_defaults`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from alert_rules where name = 'Mantención' and kinds = '["maintenance_due", "maintenance_overdue"]'::jsonb`.execute(db);
  for (const table of ['maintenance_records', 'maintenance_plans', 'vehicle_odometers']) await db.schema.dropTable(table).execute();
}
