/**
 * Notificaciones (issue 33, items 6 and 7): a fleet's webhook endpoints, and the durable outbox
 * every webhook delivery and e-mail goes through. A row is written in the same transaction as
 * what it tells (an alert, a booking), claimed by one process at a time (`for update skip
 * locked` and a lease, `locked_until`), and settled after the attempt: a crash mid-delivery
 * leaves the lease to run out, and the next pass delivers it again (at least once; receivers
 * dedupe by event_id). Times are the server's clock (platform/clock.ts), never the database's.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoints_owner').on('webhook_endpoints').column('owner_id').execute();

  await db.schema
    .createTable('notification_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('webhook', 'email')`))
    .addColumn('endpoint_id', 'integer', (c) => c.references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('recipient', 'text')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // Webhooks: the exact bytes sent on every attempt. E-mail: the alert, as JSON, for the message.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addCheckConstraint('notification_outbox_target', sql`(channel = 'webhook' and endpoint_id is not null) or (channel = 'email' and recipient is not null)`)
    .execute();
  // What the pass looks for: due rows still pending.
  await sql`create index notification_outbox_due on notification_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await db.schema.createIndex('notification_outbox_endpoint').on('notification_outbox').columns(['endpoint_id', 'id']).execute();
  await sql`create index notification_outbox_recipient on notification_outbox (owner_id, recipient, created_at) where channel = 'email'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notification_outbox').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
