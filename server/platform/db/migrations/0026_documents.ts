/**
 * Vencimientos (issue 34): the documents of a taxi and of its driver (one row each; a renewal is a new
 * row, the old one stays as history), their scanned files kept in the database itself (both engines:
 * a backup of the database is a backup of the files, and no folder must be shared between processes),
 * and the fleet's settings (dispatch blocks or warns, the window, the vehicles' maximum age, reminders).
 * Reminders need no table: each is an alert whose episode key names the document, its date and the
 * threshold, and `alerts_episode` stores it once whatever the process or the restart.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('custom_label', 'text')
    .addColumn('licence_class', 'text')
    .addColumn('number', 'text')
    .addColumn('issued_on', 'date')
    .addColumn('expires_on', 'date', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('documents_one_subject', sql`(vehicle_id is null) <> (driver_id is null)`)
    .addCheckConstraint('documents_dates', sql`issued_on is null or expires_on >= issued_on`)
    .execute();
  await db.schema.createIndex('documents_owner_expiry').on('documents').columns(['owner_id', 'expires_on']).execute();
  await db.schema.createIndex('documents_vehicle').on('documents').column('vehicle_id').execute();
  await db.schema.createIndex('documents_driver').on('documents').column('driver_id').execute();
  await db.schema
    .createTable('document_files')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('document_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('owners.id').onDelete('cascade'))
    .addColumn('dispatch_mode', 'text', (c) => c.notNull().defaultTo('bloquear'))
    .addColumn('window_days', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('max_vehicle_age_years', 'integer')
    .addColumn('reminder_days', 'jsonb', (c) => c.notNull().defaultTo(sql`'[30,15,7,1,0]'::jsonb`))
    .addColumn('reminder_hour', 'integer', (c) => c.notNull().defaultTo(9))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Fleets that already have their default alert rules get the reminders' rule too (new fleets get it with the rest).
  await sql`insert into alert_rules (owner_id, name, kinds, zone_ids, vehicle_ids, desk, email_to)
    select owner_id, 'Vencimientos', '["document_expiry"]'::jsonb, null, null, true, '[]'::jsonb from alert_rule_defaults`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from alert_rules where name = 'Vencimientos' and kinds = '["document_expiry"]'::jsonb`.execute(db);
  await db.schema.dropTable('document_settings').execute();
  await db.schema.dropTable('document_files').execute();
  await db.schema.dropTable('documents').execute();
}
