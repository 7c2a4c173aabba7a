/**
 * Alertas (issue 33): zones, rules, the inbox and SOS; the events engine hears every accepted
 * position (positions' onAccepted hook) and forgets a taxi whose shift ends; the sin-señal and
 * retention sweep is a background pass. services.alerts.onRaised is how a module above hears each
 * new alert inside the transaction that stores it.
 */
import type { PassPacing } from '../../platform/backgroundPass';
import { createBackgroundPass } from '../../platform/backgroundPass';
import type { FlotaModule } from '../flotaModule';
import { deleteAlertsBefore } from './alertsRepo';
import { createDocumentReminders } from './documentReminders';
import { alertsRoutes } from './alertsRoutes';
import { createEventsEngine } from './engine/eventsEngine';
import { createAlertEvents } from './events';
import { createRaiser, raiseNow, type AlertHooks } from './raise';
import { openApiTags } from './routeSpecs';
import { createRulesCache, ensureDefaultRulesForAll } from './rulesRepo';
import { rulesRoutes } from './rulesRoutes';
import { alertsSettings } from './settings';
import { sosRoutes } from './sosRoutes';
import { createZonesCache } from './zones/zonesCache';
import { zonesRoutes } from './zones/zonesRoutes';

declare module '../flotaModule' {
  interface ModuleServices {
    /** Alertas' hook: `onRaised(listener)`, called inside the transaction that stores each new alert. */
    alerts: AlertHooks;
  }
}
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

export const alertsModule: FlotaModule = {
  name: 'alerts',
  openApiTags: Object.values(openApiTags),
  settings: alertsSettings,
  async register(app, { prefix, config, db, publish, clock, authenticate, authenticateDriver, backgroundPasses, services: { positions, shifts, alerts, dispatch } }) {
    await ensureDefaultRulesForAll(db);
    const ttl = config.databaseUrl ? CLUSTER_CACHE_MS : Number.POSITIVE_INFINITY;
    const zones = createZonesCache(db, ttl);
    const rules = createRulesCache(db, ttl);
    const events = createAlertEvents(publish);
    const raiser = createRaiser(alerts, events);
    const engine = createEventsEngine({ db, raiser, events, zones, rules, config: config.alerts, clock, log: app.log, timeZone: config.tzFleet });
    positions.onAccepted((position) => engine.onPosition(position));
    shifts.onEnded((shift) => engine.forget(shift.id));
    app.addHook('onClose', async () => engine.idle());
    // A booking back on the board that nobody accepted: one alert per time it returns.
    dispatch.onUnaccepted((booking) => {
      void rules
        .get(booking.ownerId)
        .then((fleetRules) =>
          raiseNow(db, raiser, fleetRules, [
            {
              ownerId: booking.ownerId,
              kind: 'booking_unaccepted',
              key: `booking_unaccepted:${booking.bookingId}:${booking.at.toISOString()}`,
              occurredAt: booking.at,
              title: `Reserva #${booking.bookingId} sin aceptar${booking.pickupLabel ? ` (${booking.pickupLabel})` : ''}`,
              detail: booking.reason === 'sin_aceptar' ? 'Los taxis a los que se ofreció la rechazaron o dejaron vencer la oferta.' : 'No había taxis libres cerca para ofrecerla.',
              shiftId: null,
              driver: null,
              vehicle: null,
              zone: null,
              position: null,
            },
          ]),
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'Alertas: no se pudo registrar una reserva sin aceptar'));
    });

    await app.register(zonesRoutes, { prefix, db, authenticate, changed: (ownerId) => zones.forget(ownerId) });
    await app.register(rulesRoutes, { prefix, db, authenticate, changed: (ownerId) => rules.forget(ownerId) });
    await app.register(alertsRoutes, { prefix, db, authenticate, events, clock });
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
  },
};
