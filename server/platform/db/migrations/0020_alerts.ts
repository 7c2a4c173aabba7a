/**
 * Alertas (issue 33): the fleet's zones, the rules that route each kind of event, the alerts
 * themselves and each taxi's engine state (per shift: the zones it is in, a speeding episode, a
 * silence). `alerts_episode` is the judge of "exactly once": every alert carries a key naming its
 * episode (a taxi's entry into a zone at a time, a silence since a time...), and an insert that
 * meets the key already stored, from any process, adds nothing.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('zones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('radius_m', 'double precision')
    .addColumn('speed_limit_kmh', 'integer')
    .addColumn('dwell_minutes', 'integer')
    .addColumn('active_from', 'text')
    .addColumn('active_to', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('zones_owner').on('zones').column('owner_id').execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kinds', 'jsonb', (c) => c.notNull())
    .addColumn('zone_ids', 'jsonb')
    .addColumn('vehicle_ids', 'jsonb')
    .addColumn('desk', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_to', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alert_rules_owner').on('alert_rules').column('owner_id').execute();
  // A fleet's default rules are written once, on first use: this row says they were.
  await db.schema
    .createTable('alert_rule_defaults')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('owners.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('episode_key', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('shift_id', 'integer', (c) => c.references('shifts.id').onDelete('set null'))
    .addColumn('driver_id', 'integer')
    .addColumn('driver_name', 'text')
    .addColumn('driver_phone', 'text')
    .addColumn('vehicle_id', 'integer')
    .addColumn('vehicle_plate', 'text')
    .addColumn('zone_id', 'integer')
    .addColumn('zone_name', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('speed_kmh', 'double precision')
    .addColumn('desk', 'boolean', (c) => c.notNull())
    .addColumn('email_to', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'text')
    .addColumn('acknowledged_note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('alerts_episode', ['owner_id', 'episode_key'])
    .execute();
  await sql`create index alerts_owner_desk on alerts (owner_id, id desc) where desk`.execute(db);
  await sql`create index alerts_owner_open on alerts (owner_id) where desk and acknowledged_at is null`.execute(db);
  await db.schema.createIndex('alerts_created').on('alerts').column('created_at').execute();

  await db.schema
    .createTable('alert_taxi_states')
    .addColumn('shift_id', 'integer', (c) => c.primaryKey().references('shifts.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['alert_taxi_states', 'alerts', 'alert_rule_defaults', 'alert_rules', 'zones']) await db.schema.dropTable(table).execute();
}
