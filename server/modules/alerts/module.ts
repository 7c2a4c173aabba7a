/**
 * Alertas (issue 33): zones, rules, the inbox and SOS; the events engine hears every accepted
 * position and forgets a taxi whose shift ends (handlers/); a booking nobody accepted becomes an
 * alert in despacho's words; the sin-señal and retention sweep is a background pass. A module above
 * hears each new alert as the domain event `alertRaised`, inside the transaction that stores it.
 */
import type { PassPacing } from '../../platform/backgroundPass';
import { createBackgroundPass } from '../../platform/backgroundPass';
import type { FlotaModule } from '../flotaModule';
import { deleteAlertsBefore } from './alertsRepo';
import { createDocumentReminders } from './documentReminders';
import { alertsRoutes } from './alertsRoutes';
import { createEventsEngine } from './engine/eventsEngine';
import { createAlertEvents } from './events';
import { onBookingUnaccepted } from './handlers/onBookingUnaccepted';
import { onPositionAccepted } from './handlers/onPositionAccepted';
import { onShiftEnded } from './handlers/onShiftEnded';
import type { AlertsParts } from './parts';
import { createRaiser } from './raise';
import { openApiTags } from './routeSpecs';
import { createRulesCache, ensureDefaultRulesForAll } from './rulesRepo';
import { rulesRoutes } from './rulesRoutes';
import { alertsSettings } from './settings';
import { sosRoutes } from './sosRoutes';
import { createZonesCache } from './zones/zonesCache';
import { zoneMutesRoutes } from './zones/zoneMutesRoutes';
import { zonesRoutes } from './zones/zonesRoutes';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** Sin señal (and its return) and the alerts' retention: its pacing. */
    alertsSweep: Partial<PassPacing>;
  }
}

/** Vencimientos' reminders are looked for at most this often (by the clock the rules read). */
const REMINDERS_EVERY_MS = 60_000;

/** Old alerts deleted per statement by the retention. */
const DELETE_BATCH = 1000;

/** With PostgreSQL, other processes' zone and rule changes are seen within this long. */
const CLUSTER_CACHE_MS = 5000;

export const alertsModule: FlotaModule<AlertsParts> = {
  name: 'alerts',
  openApiTags: Object.values(openApiTags),
  settings: alertsSettings,
  emits: ['alertRaised'],
  handlers: [onPositionAccepted, onShiftEnded, onBookingUnaccepted],
  async register(app, { prefix, config, db, publish, events: bus, clock, authenticateDriver, backgroundPasses }) {
    await ensureDefaultRulesForAll(db);
    const ttl = config.databaseUrl ? CLUSTER_CACHE_MS : Number.POSITIVE_INFINITY;
    const zones = createZonesCache(db, ttl);
    const rules = createRulesCache(db, ttl);
    const events = createAlertEvents(publish);
    const raiser = createRaiser(bus, events, clock);
    const engine = createEventsEngine({ db, raiser, events, zones, rules, config: config.alerts, clock, log: app.log, timeZone: config.tzFleet });
    app.addHook('onClose', async () => engine.idle());

    await app.register(zonesRoutes, { prefix, db, changed: (ownerId) => zones.forget(ownerId) });
    await app.register(zoneMutesRoutes, { prefix, db, clock });
    await app.register(rulesRoutes, { prefix, db, changed: (ownerId) => rules.forget(ownerId) });
    await app.register(alertsRoutes, { prefix, db, events, clock });
    await app.register(sosRoutes, { prefix, db, authenticateDriver, raiser, rules, events });

    const retentionMs = config.alerts.retentionDays * 86_400_000;
    const reminders = createDocumentReminders({ db, raiser, rules, timeZone: config.tzFleet });
    let remindersAt = Number.NEGATIVE_INFINITY;
    backgroundPasses.add('alertsSweep', (pacing) =>
      createBackgroundPass('Alertas', app.log, { startDelayMs: 5000, recheckMs: config.alerts.sweepMs, dutyCycle: 0.2, ...pacing }, async (control) => {
        const now = clock.now();
        await engine.sweepSignal(now, control);
        if (Math.abs(now.getTime() - remindersAt) >= REMINDERS_EVERY_MS) {
          remindersAt = now.getTime();
          await reminders.run(now, control);
        }
        // A bounded batch per turn: a first pass over a long-kept inbox deletes in many short turns.
        while (!control.stopped() && (await deleteAlertsBefore(db, new Date(now.getTime() - retentionMs), DELETE_BATCH)) === DELETE_BATCH) await control.breathe();
      }),
    );
    return { engine, rules, raiser };
  },
};
