/**
 * What other modules call, inside their own transaction, to have something delivered: the outbox
 * rows commit or roll back with the alert or booking they tell about (no alert without its
 * deliveries, no delivery of an alert that was never saved).
 *
 * - enqueueAlertNotifications(alert, trx): every new alert, inside its transaction (alertRaised). One webhook
 *   delivery per enabled endpoint of the fleet subscribed to `alert.<kind>`, one e-mail per address
 *   of `emailTo`.
 * - enqueueWebhookEvent(ownerId, type, data, trx): any other event (`booking.assigned`).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { webhookEventSchema, type SubscribableEventType, type WebhookAlert, type WebhookEvent, type WebhookEventType } from '../../../contract/notifications';
import { systemClock, type Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { EndpointsReader } from './endpointsCache';
import { endpointsSubscribedTo } from './endpointsRepo';
import { insertOutboxRows, recentEmailRows, type Db, type NewOutboxRow, type OutboxRow } from './outboxRepo';

/** Alerts raised within this long of a previous e-mail to the same address wait and go out together, as one digest. */
export const DIGEST_WINDOW_MS = 60_000;

type Id = string | number;

/**
 * An alert as the alerts module hands it over (its RaisedAlert is assignable to this). Ids are
 * taken as numbers or strings, and sent to receivers as strings.
 */
export interface AlertForDelivery {
  id: Id;
  ownerId: Id;
  kind: string;
  /** ISO 8601. */
  occurredAt: string;
  /** Spanish, as the desk shows it. */
  title: string;
  detail: string | null;
  vehicle: { id: Id; plate: string } | null;
  driver: { id: Id; name: string; phone: string | null } | null;
  zone: { id: Id; name: string } | null;
  position: { lat: number; lng: number; speedKmh: number | null } | null;
  emailTo: string[];
}

let clock: Clock = systemClock;

/** The server's clock for the rows' times (module.ts sets it from FLOTA_CLOCK_OFFSET; tests pass `now`). */
export function setOutboxClock(given: Clock): void {
  clock = given;
}

export function newEventId(): string {
  return `evt_${randomUUID().replace(/-/g, '')}`;
}

export function eventBody(type: WebhookEventType, data: Record<string, unknown>, now: Date, id = newEventId()): WebhookEvent {
  return webhookEventSchema.parse({ id, type, created_at: now.toISOString(), data });
}

function toOwnerId(value: Id): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`notifications: not an owner id: ${String(value)}`);
  return id;
}

/**
 * One delivery per enabled endpoint of the fleet subscribed to `type`; the same event id for all.
 * `endpoints`: where the endpoints are read (the module's per-fleet cache; the table by default).
 */
export async function enqueueWebhookEvent(
  ownerId: Id,
  type: SubscribableEventType,
  data: Record<string, unknown>,
  trx: Transaction<Database> | Db,
  now: Date = clock.now(),
  endpoints: EndpointsReader = endpointsSubscribedTo,
): Promise<OutboxRow[]> {
  const owner = toOwnerId(ownerId);
  const subscribed = await endpoints(trx, owner, type);
  if (!subscribed.length) return [];
  const body = JSON.stringify(eventBody(type, data, now));
  const event = JSON.parse(body) as WebhookEvent;
  return insertOutboxRows(
    trx,
    subscribed.map((endpoint) => ({ owner_id: owner, channel: 'webhook', endpoint_id: endpoint.id, event_id: event.id, event_type: type, body, next_attempt_at: now, created_at: now })),
  );
}

export function webhookAlert(alert: AlertForDelivery): WebhookAlert {
  return {
    id: String(alert.id),
    kind: alert.kind as WebhookAlert['kind'],
    occurred_at: alert.occurredAt,
    title: alert.title,
    detail: alert.detail,
    vehicle: alert.vehicle && { id: String(alert.vehicle.id), plate: alert.vehicle.plate },
    driver: alert.driver && { id: String(alert.driver.id), name: alert.driver.name, phone: alert.driver.phone },
    zone: alert.zone && { id: String(alert.zone.id), name: alert.zone.name },
    position: alert.position && { lat: alert.position.lat, lng: alert.position.lng, speed_kmh: alert.position.speedKmh },
  };
}

/** Addresses as given, trimmed, lower-cased and once each; anything without an @ is dropped. */
function recipients(emailTo: string[]): string[] {
  const seen = new Set<string>();
  for (const raw of emailTo) {
    const address = raw.trim().toLowerCase();
    if (/^[^\s@]+@[^\s@]+$/.test(address) && address.length <= 254) seen.add(address);
  }
  return [...seen].slice(0, 50);
}

/**
 * When an e-mail to `recipient` goes out: now if nothing went to that address in the last minute;
 * otherwise with the mail already waiting for it, or a minute from now. The pass then sends
 * everything due for one address together, as a digest (mailer.ts).
 */
async function emailDueAt(trx: Db, ownerId: number, recipient: string, now: Date): Promise<Date> {
  const recent = await recentEmailRows(trx, ownerId, recipient, new Date(now.getTime() - DIGEST_WINDOW_MS));
  const waiting = recent.filter((row) => row.status === 'pending' && row.next_attempt_at.getTime() > now.getTime());
  if (waiting.length) return new Date(Math.max(...waiting.map((row) => row.next_attempt_at.getTime())));
  return recent.length ? new Date(now.getTime() + DIGEST_WINDOW_MS) : now;
}

/** Every new alert (handlers/onAlertRaised.ts): runs inside the transaction that saves the alert. */
export async function enqueueAlertNotifications(alert: AlertForDelivery, trx: Transaction<Database> | Db, now: Date = clock.now(), endpoints?: EndpointsReader): Promise<void> {
  const ownerId = toOwnerId(alert.ownerId);
  const payload = webhookAlert(alert);
  await enqueueWebhookEvent(ownerId, `alert.${payload.kind}` as SubscribableEventType, { alert: payload }, trx, now, endpoints);
  const mails: NewOutboxRow[] = [];
  const body = JSON.stringify(payload);
  for (const recipient of recipients(alert.emailTo)) {
    const due = await emailDueAt(trx, ownerId, recipient, now);
    mails.push({ owner_id: ownerId, channel: 'email', recipient, event_id: newEventId(), event_type: `alert.${payload.kind}`, body, next_attempt_at: due, created_at: now });
  }
  await insertOutboxRows(trx, mails);
}
