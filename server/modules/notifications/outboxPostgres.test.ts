/**
 * The outbox on a real PostgreSQL server, where two processes' passes truly run at once (PGlite runs
 * one query at a time): two passes on two connection pools share 300 deliveries, and `for update
 * skip locked` gives each to exactly one of them. Needs TEST_DATABASE_URL (CI sets it; locally:
 * scripts/pg-test-server.sh start).
 */
import { manualClock } from '../../platform/clock';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { startWebhookReceiver, type WebhookReceiver } from '../../tools/testing/webhookReceiver';
import { createOutboxPass, enqueueWebhookEvent, NOTIFICATIONS_DEFAULTS, outboxPacing, type NotificationsConfig } from './index';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('outboxPostgres.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('the outbox on PostgreSQL', () => {
  const EVENTS = 300;
  const settings: NotificationsConfig = { ...NOTIFICATIONS_DEFAULTS, allowPrivate: true, batchSize: 20 };
  let scratch: ScratchDatabase;
  let server: TestServer;
  let second: OpenDatabase;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_outbox');
    server = await startTestServer({ databaseUrl: scratch.url, notifications: settings });
    second = await openPostgres(scratch.url);
    receiver = await startWebhookReceiver(() => 200);
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await second?.close();
    await server?.close();
    await scratch?.drop();
  });

  it('two passes at once deliver each of 300 events exactly once', async () => {
    const clock = manualClock(new Date());
    const token = await server.login();
    const created = await fetch(`${server.url}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['booking.assigned'] }),
    });
    expect(created.status).toBe(201);
    await server.db.transaction().execute(async (trx) => {
      for (let i = 0; i < EVENTS; i += 1) await enqueueWebhookEvent(server.seed.ownerId, 'booking.assigned', { booking_id: i }, trx, clock.now());
    });
    const pass = (db: OpenDatabase['db']) => createOutboxPass({ db, log: server.app.log, config: settings, mailer: null, timeZone: 'America/Santiago' }, outboxPacing(settings, clock));
    const [a, b] = await Promise.all([pass(server.db).runOnce(), pass(second.db).runOnce()]);
    expect(a.delivered + b.delivered).toBe(EVENTS);
    // Both took part (each claims 20 at a time while the other delivers).
    expect(Math.min(a.delivered, b.delivered)).toBeGreaterThan(0);
    const ids = receiver.received.map((r) => JSON.parse(r.body).data.booking_id as number);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const pending = await server.db.selectFrom('notification_outbox').select('id').where('status', '!=', 'delivered').execute();
    expect(pending).toEqual([]);
  });
});
