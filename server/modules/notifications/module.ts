/**
 * Notificaciones (issue 33, items 6 and 7): the fleet's webhook endpoints and their routes, and the
 * outbox pass that delivers webhooks and e-mail. Other modules enqueue through index.ts inside their
 * own transactions; the alerts module's onRaised hook is wired here when that service exists.
 */
import { offsetClock } from '../../platform/clock';
import type { FlotaModule } from '../flotaModule';
import { enqueueAlertNotifications, setOutboxClock, type AlertForDelivery } from './enqueue';
import { createMailer } from './mailer';
import { createOutboxPass, outboxPacing, type OutboxPassOptions } from './outboxPass';
import { openApiTags } from './routeSpecs';
import { notificationsSettings } from './settings';
import { webhooksRoutes } from './webhooksRoutes';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** The outbox's delivery pass: its pacing, clock and attempt function. */
    notificationOutbox: Partial<OutboxPassOptions>;
  }
}

/** What this module needs of the alerts module, when it is mounted (declared optional: it sits above). */
interface AlertsHook {
  onRaised(listener: (alert: AlertForDelivery, trx: Transaction<Database>) => Promise<void>): void;
}

export const notificationsModule: FlotaModule = {
  name: 'notifications',
  openApiTags: Object.values(openApiTags),
  settings: notificationsSettings,
  async register(app, { prefix, config, db, authenticate, backgroundPasses, services }) {
    const clock = offsetClock(config.clockOffsetMs);
    setOutboxClock(clock);
    await app.register(webhooksRoutes, { prefix, db, authenticate, config: config.notifications, clock });
    const settings = config.notifications;
    const mailer = settings.smtpUrl ? createMailer(settings.smtpUrl, settings.smtpFrom, settings.timeoutSeconds * 1000) : null;
    if (mailer) app.addHook('onClose', async () => mailer.close());
    backgroundPasses.add('notificationOutbox', (options) =>
      createOutboxPass({ db, log: app.log, config: settings, mailer, timeZone: config.tzFleet }, outboxPacing(settings, options?.clock ?? clock, options)),
    );
    (services as { alerts?: AlertsHook }).alerts?.onRaised(enqueueAlertNotifications);
  },
};
