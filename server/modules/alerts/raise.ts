/**
 * Raising alerts: routed by the fleet's rules, stored once per episode, handed to the modules above
 * (the domain event `alertRaised`, inside the same transaction: an outbox row a handler writes commits
 * with the alert or not at all), and, once committed, published to the fleet's desks.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AlertKind, AlertRule } from '../../../contract/alerts';
import { systemClock, type Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { DomainEventBus } from '../../platform/domainEvents';
import { insertAlerts, type AlertRow, type NewAlert } from './alertsRepo';
import type { AlertEvents } from './events';
import { routeAlert } from './rulesRepo';
import { mutedAmong } from './zones/zoneMutesRepo';

/** What the modules above hear of each alert (notifications: webhooks and e-mail). Ids are the project's integers. */
export interface RaisedAlert {
  id: number;
  ownerId: number;
  kind: AlertKind;
  /** ISO 8601 */
  occurredAt: string;
  /** Spanish, one line. */
  title: string;
  detail: string | null;
  vehicle: { id: number; plate: string } | null;
  driver: { id: number; name: string; phone: string | null } | null;
  zone: { id: number; name: string } | null;
  position: { lat: number; lng: number; speedKmh: number | null } | null;
  /** The matching rules' e-mail recipients. */
  emailTo: string[];
}

declare module '../../platform/domainEvents' {
  interface DomainEvents {
    /** A new alert (never an episode already stored): inside the transaction that stores it. */
    alertRaised: RaisedAlert;
  }
}

export function toRaised(row: AlertRow): RaisedAlert {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind as AlertKind,
    occurredAt: row.occurred_at.toISOString(),
    title: row.title,
    detail: row.detail,
    vehicle: row.vehicle_id !== null ? { id: row.vehicle_id, plate: row.vehicle_plate ?? '' } : null,
    driver: row.driver_id !== null ? { id: row.driver_id, name: row.driver_name ?? '', phone: row.driver_phone } : null,
    zone: row.zone_id !== null ? { id: row.zone_id, name: row.zone_name ?? '' } : null,
    position: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude, speedKmh: row.speed_kmh } : null,
    emailTo: row.email_to,
  };
}

export type UnroutedAlert = Omit<NewAlert, 'desk' | 'emailTo'>;

/** `clock`: what "now" a zone's mute is judged by (the server's injectable clock). */
export function createRaiser(bus: Pick<DomainEventBus, 'within'>, events: AlertEvents, clock: Clock = systemClock) {
  /** What each stored row's handlers left for after its commit (announce runs it). */
  const committed = new WeakMap<AlertRow, () => void>();
  return {
    /** Stores the alerts not stored yet and tells the handlers inside; call inside a transaction, with the fleet's rules read before it. */
    async store(trx: Transaction<Database>, rules: readonly AlertRule[], alerts: readonly UnroutedAlert[]): Promise<AlertRow[]> {
      // A muted zone's alerts are stored (their episode is not raised again later) but routed nowhere.
      const muted = await mutedAmong(trx, [...new Set(alerts.flatMap((alert) => (alert.zone ? [alert.zone.id] : [])))], clock.now());
      const routed = alerts.map((alert) => ({
        ...alert,
        ...(alert.zone && muted.has(alert.zone.id) ? { desk: false, emailTo: [] } : routeAlert(rules, alert.kind, alert.zone?.id ?? null, alert.vehicle?.id ?? null)),
      }));
      const rows = await insertAlerts(trx, routed);
      for (const row of rows) committed.set(row, await bus.within(trx, 'alertRaised', toRaised(row)));
      return rows;
    },
    /** After the commit: the desk's alerts to every desk of the fleet, and the handlers' work for then. */
    announce(rows: readonly AlertRow[]): void {
      for (const row of rows) {
        if (row.desk) events.raised(row);
        committed.get(row)?.();
      }
    },
  };
}
export type Raiser = ReturnType<typeof createRaiser>;

/** A one-shot raise in its own transaction (SOS, a booking nobody accepted). */
export async function raiseNow(db: Kysely<Database>, raiser: Raiser, rules: readonly AlertRule[], alerts: readonly UnroutedAlert[]): Promise<AlertRow[]> {
  const rows = await db.transaction().execute((trx) => raiser.store(trx, rules, alerts));
  raiser.announce(rows);
  return rows;
}
