/**
 * Notificaciones' door (issue 33): webhooks and e-mail through a durable outbox. Other modules call
 * enqueueAlertNotifications / enqueueWebhookEvent inside their own transaction.
 */
export { notificationsModule } from './module';
export { enqueueAlertNotifications, enqueueWebhookEvent, DIGEST_WINDOW_MS, type AlertForDelivery } from './enqueue';
export { createOutboxPass, outboxPacing, type OutboxPassOptions, type OutboxPassResult } from './outboxPass';
export { createMailer } from './mailer';
export { deliverWebhook } from './deliverWebhook';
export { retryDelayMs } from './backoff';
export { checkWebhookUrl, isPublicAddress } from './ssrf';
export { NOTIFICATIONS_DEFAULTS, notificationsSettings, type NotificationsConfig } from './settings';
