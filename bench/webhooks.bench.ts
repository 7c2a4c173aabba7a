/**
 * Webhooks (issue 33): 1,000 alerts to one endpoint on a local receiver that fails half of the
 * first attempts (every other event's first try answers 503), through the real outbox on the
 * embedded database and its background pass at its production pacing (a look every second).
 * Prints: every event id delivered or not, duplicates (an id received again after it was answered
 * 2xx, which at-least-once allows and receivers dedupe), retries, and the delivery time, p50/p95:
 * - first try: the alert's transaction committed → the receiver has it (includes the pass's wait
 *   of up to a second for its next look);
 * - retried: the retry became due (the pass's clock moved past the 1-minute backoff) → the
 *   receiver has it. The backoff itself is a minute by design and is not counted.
 * With the CPU reference of this run (stats.ts) and the load average beside them.
 * `npm run bench -- webhooks`; WEBHOOKS_BENCH_EVENTS changes the count.
 */
import { startTestServer } from '../server/tools/testing/testServer';
import { startWebhookReceiver } from '../server/tools/testing/webhookReceiver';
import { createOutboxPass, enqueueAlertNotifications, NOTIFICATIONS_DEFAULTS, outboxPacing, type NotificationsConfig } from '../server/modules/notifications';
import { cpuReference, loadAverage, ms, summarize } from './stats';

const EVENTS = Number(process.env.WEBHOOKS_BENCH_EVENTS ?? 1000);
/** Alerts per transaction as they are raised: a busy fleet's alerts come a few at a time. */
const PER_TRANSACTION = 10;

export async function run(): Promise<void> {
  const settings: NotificationsConfig = { ...NOTIFICATIONS_DEFAULTS, allowPrivate: true };
  const server = await startTestServer({ notifications: settings });
  // Answers by alert id: the first try of every other alert fails.
  const answered = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  let duplicates = 0;
  let failedFirstTries = 0;
  const receiver = await startWebhookReceiver((request) => {
    const event = JSON.parse(request.body) as { id: string; data: { alert: { id: string } } };
    const alertId = Number(event.data.alert.id);
    const tries = (answered.get(event.id) ?? 0) + 1;
    answered.set(event.id, tries);
    if (tries === 1 && alertId % 2 === 0) {
      failedFirstTries += 1;
      return 503;
    }
    if (receivedAt.has(event.id)) duplicates += 1;
    else receivedAt.set(event.id, performance.now());
    return 200;
  });
  // The pass's clock: real time, moved ahead on purpose to make the retries due.
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const pass = createOutboxPass({ db: server.db, log: server.app.log, config: settings, mailer: null, timeZone: 'America/Santiago' }, outboxPacing(settings, clock, { startDelayMs: 0 }));
  const reference = cpuReference();
  try {
    const token = await server.login();
    const created = await fetch(`${server.url}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['alert.speeding'] }),
    });
    if (created.status !== 201) throw new Error(`endpoint not created: ${created.status}`);
    pass.start();

    const committedAt = new Map<string, number>();
    let lastRow = 0;
    const started = performance.now();
    for (let first = 1; first <= EVENTS; first += PER_TRANSACTION) {
      await server.db.transaction().execute(async (trx) => {
        for (let id = first; id < Math.min(first + PER_TRANSACTION, EVENTS + 1); id += 1) {
          await enqueueAlertNotifications(
            {
              id,
              ownerId: server.seed.ownerId,
              kind: 'speeding',
              occurredAt: clock.now().toISOString(),
              title: `Exceso de velocidad ${id}`,
              detail: 'Llegó a 92 km/h',
              vehicle: { id: 1, plate: 'ABCD12' },
              driver: { id: 1, name: 'Ana Pérez', phone: null },
              zone: null,
              position: { lat: -32.45, lng: -71.23, speedKmh: 92 },
              emailTo: [],
            },
            trx,
            clock.now(),
          );
        }
      });
      const now = performance.now();
      const rows = await server.db.selectFrom('notification_outbox').select(['id', 'event_id']).where('id', '>', lastRow).execute();
      for (const row of rows) {
        committedAt.set(row.event_id, now);
        lastRow = Math.max(lastRow, row.id);
      }
    }
    const enqueueMs = performance.now() - started;

    // First tries: wait until every odd alert is in, and every even one has failed once.
    await waitUntil(() => receivedAt.size >= Math.ceil(EVENTS / 2) && failedFirstTries >= Math.floor(EVENTS / 2), 120_000);
    const firstTry = [...receivedAt].map(([id, at]) => at - (committedAt.get(id) as number));
    const firstTryIds = new Set(receivedAt.keys());
    // The retries are due a minute later: move the pass's clock past it, and time from then.
    offsetMs = 61_000;
    const dueAt = performance.now();
    await waitUntil(() => receivedAt.size >= EVENTS, 120_000);
    const retried = [...receivedAt].filter(([id]) => !firstTryIds.has(id)).map(([, at]) => at - dueAt);
    // A moment more for any late duplicate.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const pending = await server.db.selectFrom('notification_outbox').select('id').where('status', '!=', 'delivered').execute();
    const first = summarize(firstTry);
    const retry = summarize(retried);
    console.log(`Webhooks: ${EVENTS} alertas a 1 endpoint, la mitad de los primeros intentos responde 503 (carga ${loadAverage()}; referencia de CPU ${ms(reference)})`);
    console.log(`  encoladas en ${ms(enqueueMs)} (${PER_TRANSACTION} por transacción)`);
    console.log(`  ids entregados: ${receivedAt.size} de ${EVENTS}${receivedAt.size === EVENTS ? ' (todos)' : ' (FALTAN)'}; filas sin entregar: ${pending.length}`);
    console.log(`  primeros intentos fallidos (503): ${failedFirstTries}; duplicados (id ya respondido 2xx, recibido otra vez): ${duplicates}`);
    console.log(`  entrega al primer intento (${firstTry.length}): p50 ${ms(first.median)}, p95 ${ms(first.p95)} (incluye la espera de la pasada, hasta 1 s)`);
    console.log(`  entrega reintentada (${retried.length}): p50 ${ms(retry.median)}, p95 ${ms(retry.p95)} desde que el reintento venció (el minuto de espera no se cuenta)`);
  } finally {
    await pass.stop();
    await receiver.close();
    await server.close();
  }
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > until) throw new Error('webhooks bench: timed out waiting for deliveries');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
