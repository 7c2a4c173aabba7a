/**
 * Notificaciones (issue 33, items 6 and 7): the fleet's webhook endpoints and their routes, and the
 * outbox pass that delivers webhooks and e-mail. Other modules enqueue through index.ts inside their
 * own transactions; every alert raised reaches them through the alerts module's onRaised hook, and
 * every assignment through dispatch's onBookingChanged (`booking.assigned`, with the tracking link).
 */
import type { FlotaModule } from '../flotaModule';
import { bookingAssignedListener } from './bookingAssigned';
import { createEndpointsCache } from './endpointsCache';
import { enqueueAlertNotifications, setOutboxClock } from './enqueue';
import { createMailer } from './mailer';
import { createOutboxPass, outboxPacing, type OutboxPassOptions } from './outboxPass';
import { registerOutboxDepth } from './outboxMetrics';
import { openApiTags } from './routeSpecs';
import { notificationsSettings } from './settings';
import { webhooksRoutes } from './webhooksRoutes';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** The outbox's delivery pass: its pacing, clock and attempt function. */
    notificationOutbox: Partial<OutboxPassOptions>;
  }
}

/** With PostgreSQL, another process's endpoint changes are seen within this long. */
const CLUSTER_CACHE_MS = 5000;

export const notificationsModule: FlotaModule = {
  name: 'notifications',
  openApiTags: Object.values(openApiTags),
  settings: notificationsSettings,
  async register(app, { prefix, config, db, authenticate, backgroundPasses, metrics, services, clock }) {
    setOutboxClock(clock);
    // Read per alert raised: a change here drops the fleet's copy at once; another process's, within a few seconds.
    const endpoints = createEndpointsCache(config.databaseUrl ? CLUSTER_CACHE_MS : Number.POSITIVE_INFINITY);
    await app.register(webhooksRoutes, { prefix, db, authenticate, config: config.notifications, clock, changed: (ownerId) => endpoints.forget(ownerId) });
    const settings = config.notifications;
    const mailer = settings.smtpUrl ? createMailer(settings.smtpUrl, settings.smtpFrom, settings.timeoutSeconds * 1000) : null;
    if (mailer) app.addHook('onClose', async () => mailer.close());
    backgroundPasses.add('notificationOutbox', (options) =>
      createOutboxPass({ db, log: app.log, config: settings, mailer, timeZone: config.tzFleet }, outboxPacing(settings, options?.clock ?? clock, options)),
    );
    registerOutboxDepth(metrics, db);
    // Inside the transaction that stores each alert: the outbox row commits with it, or neither does.
    services.alerts.onRaised((alert, trx) => enqueueAlertNotifications(alert, trx, clock.now(), endpoints.subscribedTo));
    // After dispatch commits an assignment (see bookingAssigned.ts for why after, not inside). The
    // link is read through tracking's service when the event is built, since tracking is mounted before us.
    services.dispatch.onBookingChanged(
      bookingAssignedListener({ db, log: app.log, ensureLinkFor: (ownerId, bookingId) => services.tracking?.ensureLinkFor(ownerId, bookingId) ?? Promise.resolve(null) }),
    );
  },
};
