/** The outbox's depth for Prometheus (platform/metrics.ts): rows still to deliver, and the oldest one's age, read at scrape. */
import { Gauge, type Registry } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** One query serves both gauges of a scrape. */
const READ_FRESH_MS = 1000;

export function registerOutboxDepth(registry: Registry, db: Kysely<Database>): void {
  let last: { at: number; rows: Promise<{ channel: string; pending: number; oldest: number }[]> } | null = null;
  const read = () => {
    if (!last || Date.now() - last.at > READ_FRESH_MS) {
      last = {
        at: Date.now(),
        rows: db
          .selectFrom('notification_outbox')
          .select(['channel', sql<number>`count(*)::int`.as('pending'), sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)::float8`.as('oldest')])
          .where('status', '=', 'pending')
          .groupBy('channel')
          .execute(),
      };
    }
    return last.rows;
  };
  new Gauge({
    name: 'flota_outbox_pending',
    help: 'Webhooks and e-mails still to deliver (the notifications outbox), by channel.',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const rows = await read();
      for (const channel of ['webhook', 'email']) this.set({ channel }, rows.find((row) => row.channel === channel)?.pending ?? 0);
    },
  });
  new Gauge({
    name: 'flota_outbox_oldest_pending_seconds',
    help: 'Age of the oldest webhook or e-mail still to deliver (0 when none).',
    registers: [registry],
    async collect() {
      this.set(Math.max(0, ...(await read()).map((row) => Number(row.oldest))));
    },
  });
}
