/**
 * The background pass that delivers the outbox (platform/backgroundPass.ts): every `recheckMs` it
 * claims the due rows (outboxRepo.claimDueRows: a lease each, `for update skip locked`, so several
 * processes share the work and none takes a row another holds), makes one attempt at each, and
 * settles it: delivered, tried again after retryDelayMs, or failed for good.
 *
 * At least once: a row is settled only after its attempt. A process killed mid-delivery leaves the
 * row leased; when the lease (the timeout plus a margin) runs out on the server's clock, the next
 * pass delivers it again, with the same event id and body.
 *
 * E-mail rows due together for one address go out as one message (a digest when more than one).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { webhookAlertSchema, type WebhookAlert } from '../../../contract/notifications';
import { createBackgroundPass, type BackgroundPass, type PassPacing } from '../../platform/backgroundPass';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { retryDelayMs } from './backoff';
import { deliverWebhook, type WebhookAttempt } from './deliverWebhook';
import { alertMail } from './emailMessages';
import type { Mailer } from './mailer';
import { claimDueRows, settleRow, type Outcome, type OutboxRow } from './outboxRepo';
import type { NotificationsConfig } from './settings';

export interface OutboxPassOptions extends PassPacing {
  clock: Clock;
  /** Attempts made at once (receivers are slow, the database is not). */
  concurrency: number;
  /** One webhook attempt; tests and benches may wrap it. */
  deliver: (attempt: WebhookAttempt) => Promise<Outcome>;
}

export interface OutboxPassResult {
  attempted: number;
  delivered: number;
  retried: number;
  failed: number;
}

/** Delivered and failed rows are kept this long (the log shows the last 50 per endpoint), then deleted. */
export const OUTBOX_RETENTION_DAYS = 30;

/** The margin beyond the timeout before a claimed row is another pass's again. */
const LEASE_MARGIN_MS = 30_000;

export interface OutboxDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  config: NotificationsConfig;
  /** Null without SMTP_URL: e-mail rows then fail with a message saying so. */
  mailer: Mailer | null;
  timeZone: string;
}

export function outboxPacing(config: NotificationsConfig, clock: Clock, given: Partial<OutboxPassOptions> = {}): OutboxPassOptions {
  return { startDelayMs: 2000, recheckMs: config.recheckMs, dutyCycle: 1, clock, concurrency: 16, deliver: deliverWebhook, ...given };
}

async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export function createOutboxPass(deps: OutboxDeps, options: OutboxPassOptions): BackgroundPass<OutboxPassResult> {
  const { db, config, log } = deps;
  const timeoutMs = config.timeoutSeconds * 1000;

  async function settle(row: OutboxRow, outcome: Outcome, result: OutboxPassResult): Promise<void> {
    const now = options.clock.now();
    const retry = !outcome.ok && !outcome.permanent && row.attempts < config.maxAttempts;
    await settleRow(db, row, outcome, now, retry ? new Date(now.getTime() + retryDelayMs(row.attempts)) : null);
    if (outcome.ok) result.delivered += 1;
    else if (retry) result.retried += 1;
    else result.failed += 1;
  }

  async function webhooks(rows: OutboxRow[], result: OutboxPassResult): Promise<void> {
    if (!rows.length) return;
    const ids = [...new Set(rows.map((row) => row.endpoint_id as number))];
    const endpoints = await db.selectFrom('webhook_endpoints').select(['id', 'owner_id', 'url', 'secret', 'enabled']).where('id', 'in', ids).execute();
    await inPool(rows, options.concurrency, async (row) => {
      const endpoint = endpoints.find((e) => e.id === row.endpoint_id && e.owner_id === row.owner_id);
      const outcome: Outcome = !endpoint
        ? { ok: false, permanent: true, statusCode: null, error: 'El endpoint ya no existe' }
        : !endpoint.enabled && row.event_type !== 'test'
          ? { ok: false, permanent: true, statusCode: null, error: 'El endpoint está desactivado' }
          : await options
              .deliver({ url: endpoint.url, secret: endpoint.secret, eventId: row.event_id, eventType: row.event_type, body: row.body, at: options.clock.now(), timeoutMs, allowPrivate: config.allowPrivate })
              .catch((error: unknown) => ({ ok: false, permanent: false, statusCode: null, error: String(error) }));
      await settle(row, outcome, result);
    });
  }

  async function emails(rows: OutboxRow[], result: OutboxPassResult): Promise<void> {
    const byAddress = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const key = `${row.owner_id}\u0000${row.recipient}`;
      byAddress.set(key, [...(byAddress.get(key) ?? []), row]);
    }
    await inPool([...byAddress.values()], options.concurrency, async (group) => {
      let outcome: Outcome;
      if (!deps.mailer) outcome = { ok: false, permanent: true, statusCode: null, error: 'El correo no está configurado (SMTP_URL)' };
      else {
        const alerts = group.flatMap((row) => {
          const parsed = webhookAlertSchema.safeParse(JSON.parse(row.body));
          return parsed.success ? [parsed.data as WebhookAlert] : [];
        });
        outcome = alerts.length
          ? await deps.mailer.send(group[0].recipient as string, alertMail(alerts, deps.timeZone))
          : { ok: false, permanent: true, statusCode: null, error: 'Alerta ilegible' };
      }
      for (const row of group) await settle(row, outcome, result);
    });
  }

  return createBackgroundPass('Notificaciones', log, options, async (control) => {
    const result: OutboxPassResult = { attempted: 0, delivered: 0, retried: 0, failed: 0 };
    while (!control.stopped()) {
      const now = options.clock.now();
      const rows = await claimDueRows(db, now, new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS), config.batchSize);
      if (!rows.length) break;
      result.attempted += rows.length;
      await Promise.all([webhooks(rows.filter((row) => row.channel === 'webhook'), result), emails(rows.filter((row) => row.channel === 'email'), result)]);
      if (rows.length < config.batchSize) break;
      await control.breathe();
    }
    const cutoff = new Date(options.clock.now().getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
    await db.deleteFrom('notification_outbox').where('status', '!=', 'pending').where('created_at', '<', cutoff).execute();
    return result;
  });
}
