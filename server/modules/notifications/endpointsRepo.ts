/** A fleet's webhook endpoints and their delivery log. Every query names the owner: another fleet's rows are never read. */
import { sql } from 'kysely';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType, SubscribableEventType } from '../../../contract/notifications';
import type { Db } from './outboxRepo';

const DELIVERY_LOG_LIMIT = 50;
const COUNT_DAYS = 7;

export interface EndpointRow {
  id: number;
  owner_id: number;
  url: string;
  description: string | null;
  events: string[];
  secret: string;
  enabled: boolean;
  created_at: Date;
}

const columns = ['id', 'owner_id', 'url', 'description', 'events', 'secret', 'enabled', 'created_at'] as const;

export async function endpointsSubscribedTo(db: Db, ownerId: number, type: SubscribableEventType): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(columns)
    .where('owner_id', '=', ownerId)
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`)
    .orderBy('id')
    .execute();
}

/** The fleet's enabled endpoints, every event type (endpointsCache.ts filters by type). */
export async function enabledEndpoints(db: Db, ownerId: number): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').select(columns).where('owner_id', '=', ownerId).where('enabled', '=', true).orderBy('id').execute();
}

export async function findEndpoint(db: Db, ownerId: number, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').select(columns).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
}

export async function countEndpoints(db: Db, ownerId: number): Promise<number> {
  const row = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<string>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface EndpointInput {
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
}

export async function insertEndpoint(db: Db, ownerId: number, input: EndpointInput, secret: string): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ owner_id: ownerId, url: input.url, description: input.description, events: JSON.stringify(input.events), enabled: input.enabled, secret })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(db: Db, ownerId: number, id: number, input: EndpointInput): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ url: input.url, description: input.description, events: JSON.stringify(input.events), enabled: input.enabled, updated_at: new Date() })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, ownerId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The endpoints as the screen lists them: counts of the last 7 days and the latest delivery. */
export async function listEndpoints(db: Db, ownerId: number, now: Date): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhook_endpoints').select(columns).where('owner_id', '=', ownerId).orderBy('id').execute();
  return Promise.all(rows.map((row) => endpointView(db, row, now)));
}

export async function endpointView(db: Db, row: EndpointRow, now: Date): Promise<WebhookEndpoint> {
  const since = new Date(now.getTime() - COUNT_DAYS * 86_400_000);
  const counts = await db
    .selectFrom('notification_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('endpoint_id', '=', row.id)
    .where('owner_id', '=', row.owner_id)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('created_at', '>=', since)]))
    .groupBy('status')
    .execute();
  const last = await db
    .selectFrom('notification_outbox')
    .select(['status', 'last_attempt_at', 'created_at', 'last_status_code', 'last_error'])
    .where('endpoint_id', '=', row.id)
    .where('owner_id', '=', row.owner_id)
    .where('attempts', '>', 0)
    .orderBy('last_attempt_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    secret_hint: `…${row.secret.slice(-4)}`,
    created_at: row.created_at.toISOString(),
    counts: { pending: count('pending'), delivered: count('delivered'), failed: count('failed') },
    last_delivery: last
      ? { status: last.status, at: (last.last_attempt_at ?? last.created_at).toISOString(), status_code: last.last_status_code, error: last.last_error }
      : null,
  };
}

export async function listDeliveries(db: Db, ownerId: number, endpointId: number, maxAttempts: number): Promise<WebhookDelivery[]> {
  const rows = await db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(DELIVERY_LOG_LIMIT)
    .execute();
  return rows.map((row) => deliveryView(row, maxAttempts));
}

export function deliveryView(
  row: { id: number; event_id: string; event_type: string; status: 'pending' | 'delivered' | 'failed'; attempts: number; last_status_code: number | null; last_error: string | null; created_at: Date; last_attempt_at: Date | null; next_attempt_at: Date; delivered_at: Date | null },
  maxAttempts: number,
): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    max_attempts: maxAttempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
  };
}
