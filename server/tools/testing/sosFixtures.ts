/** SOS tests' fixtures: a fleet whose SOS go by e-mail and to a webhook, and what the outbox holds for one alert. */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { apiCall } from './http';

/** A rule that e-mails every SOS to `emailTo` (not to the desk: the default rule does that) and a webhook for alert.sos. */
export async function routeSosToMailAndWebhook(url: string, desk: string, emailTo: string[]): Promise<void> {
  expect((await apiCall(url, '/api/alert-rules', { token: desk, json: { name: 'SOS a la central', kinds: ['sos'], desk: false, email_to: emailTo } })).status).toBe(201);
  // A public address literal: saved without WEBHOOKS_ALLOW_PRIVATE, never reached (no delivery pass runs).
  expect((await apiCall(url, '/api/webhooks', { token: desk, json: { url: 'https://93.184.216.34/flota-sos', events: ['alert.sos'] } })).status).toBe(201);
}

/** The outbox rows about one SOS alert: e-mails carry the alert, webhooks an event whose data is it. */
export async function sosOutboxOf(db: Kysely<Database>, alertId: number): Promise<{ email: number; webhook: number }> {
  const rows = await db.selectFrom('notification_outbox').select(['channel', 'body']).where('event_type', '=', 'alert.sos').execute();
  const mine = rows.filter((row) => {
    const body = JSON.parse(row.body) as { id?: string; data?: { alert?: { id: string } } };
    return (row.channel === 'email' ? body.id : body.data?.alert?.id) === String(alertId);
  });
  return { email: mine.filter((row) => row.channel === 'email').length, webhook: mine.filter((row) => row.channel === 'webhook').length };
}
