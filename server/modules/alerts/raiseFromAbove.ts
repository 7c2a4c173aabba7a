/**
 * Alerts raised by a module above Alertas (Mantención's due and overdue plans): routed by the fleet's
 * rules, stored once per episode key (`alerts_episode`), heard by `alertRaised` handlers and published
 * to the fleet's desks, the same path as the engine's own alerts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { DomainEventBus } from '../../platform/domainEvents';
import type { Publish } from '../../platform/realtime/publisher';
import { createAlertEvents } from './events';
import { createRaiser, raiseNow, type UnroutedAlert } from './raise';
import { listRules } from './rulesRepo';

export type AlertToRaise = UnroutedAlert;

export function createAlertRaising(db: Kysely<Database>, publish: Publish, bus: Pick<DomainEventBus, 'within'>) {
  const raiser = createRaiser(bus, createAlertEvents(publish));
  return {
    /** Stores each alert whose key is new for its fleet; answers how many were new. */
    async raise(alerts: readonly AlertToRaise[]): Promise<number> {
      const byOwner = new Map<number, AlertToRaise[]>();
      for (const alert of alerts) byOwner.set(alert.ownerId, [...(byOwner.get(alert.ownerId) ?? []), alert]);
      let stored = 0;
      for (const [ownerId, fleetAlerts] of byOwner) stored += (await raiseNow(db, raiser, await listRules(db, ownerId), fleetAlerts)).length;
      return stored;
    },
  };
}
export type AlertRaising = ReturnType<typeof createAlertRaising>;
