/**
 * Notificaciones (issue 33, items 6 and 7): the fleet's webhook endpoints and their routes, and the
 * outbox pass that delivers webhooks and e-mail. Other modules enqueue through index.ts inside their
 * own transactions; every alert raised reaches it inside the alert's transaction (handlers/onAlertRaised.ts),
 * and every assignment after dispatch's commit (handlers/onBookingChanged.ts: `booking.assigned`, with
 * the tracking link).
 */
import type { FlotaModule } from '../flotaModule';
import { createEndpointsCache, type EndpointsCache } from './endpointsCache';
import { setOutboxClock } from './enqueue';
import { onAlertRaised } from './handlers/onAlertRaised';
import { onBookingChanged } from './handlers/onBookingChanged';
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

export const notificationsModule: FlotaModule<{ endpoints: EndpointsCache }> = {
  name: 'notifications',
  openApiTags: Object.values(openApiTags),
  settings: notificationsSettings,
  needs: ['tracking'],
  handlers: [onAlertRaised, onBookingChanged],
  async register(app, { prefix, config, db, backgroundPasses, metrics, clock }) {
    setOutboxClock(clock);
    // Read per alert raised: a change here drops the fleet's copy at once; another process's, within a few seconds.
    const endpoints = createEndpointsCache(config.databaseUrl ? CLUSTER_CACHE_MS : Number.POSITIVE_INFINITY);
    await app.register(webhooksRoutes, { prefix, db, config: config.notifications, clock, changed: (ownerId) => endpoints.forget(ownerId) });
    const settings = config.notifications;
    const mailer = settings.smtpUrl ? createMailer(settings.smtpUrl, settings.smtpFrom, settings.timeoutSeconds * 1000) : null;
    if (mailer) app.addHook('onClose', async () => mailer.close());
    backgroundPasses.add('notificationOutbox', (options) =>
      createOutboxPass({ db, log: app.log, config: settings, mailer, timeZone: config.tzFleet }, outboxPacing(settings, options?.clock ?? clock, options)),
    );
    registerOutboxDepth(metrics, db);
    return { endpoints };
  },
};
