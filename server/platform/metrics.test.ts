/**
 * What Prometheus and a load balancer see: /metrics is off without METRICS_TOKEN and refuses a
 * scrape without the token; with it, the scrape shows the ingest's points and latency as a phone's
 * point arrives, the process's sockets, the event-loop delay, the outbox's depth and the background
 * leader. Liveness and readiness answer on their own paths.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { freeDemoDrivers, putOnShift } from '../tools/testing/dispatchFixtures';
import { startTestServer, type TestServer } from '../tools/testing/testServer';

const TOKEN = 'metricas-de-prueba-0123456789';

let withMetrics: TestServer;

beforeAll(async () => {
  withMetrics = await startTestServer({ metricsToken: TOKEN });
}, 120_000);
afterAll(async () => {
  await withMetrics?.close();
});

const scrape = (server: TestServer, authorization?: string) => fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

/** One sample's value from the exposition text (the first line with this name and labels). */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

it('is off (404) unless METRICS_TOKEN is set', async () => {
  const withoutMetrics = await startTestServer();
  try {
    expect((await scrape(withoutMetrics, `Bearer ${TOKEN}`)).status).toBe(404);
  } finally {
    await withoutMetrics.close();
  }
}, 120_000);

it('refuses a scrape without the token, or with another', async () => {
  for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
    const answer = await scrape(withMetrics, authorization);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: 'Token de métricas inválido' });
  }
});

it("shows a phone's point in the ingest's counters and latency, an open socket, the event loop, the outbox and the leader", async () => {
  const before = await (await scrape(withMetrics, `Bearer ${TOKEN}`)).text();
  const acceptedBefore = sample(before, 'flota_positions_total{outcome="accepted"}') ?? 0;

  const [driver] = await freeDemoDrivers(withMetrics.db, withMetrics.seed.ownerId);
  await putOnShift(withMetrics.url, driver, 100);
  const token = await withMetrics.login();
  const socket: Socket = connect(withMetrics.url, { auth: { token }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const answer = await scrape(withMetrics, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await answer.text();
    expect(sample(text, 'flota_positions_total{outcome="accepted"}')).toBe(acceptedBefore + 1);
    expect(sample(text, 'flota_ingest_request_seconds_count{source="driver",status="2xx"}')).toBe(1);
    expect(sample(text, 'flota_sockets_connected')).toBe(1);
    expect(sample(text, 'flota_background_leader')).toBe(1);
    expect(sample(text, 'flota_outbox_pending{channel="webhook"}')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
  } finally {
    socket.close();
  }
}, 60_000);

it('answers liveness and readiness separately', async () => {
  expect(await (await fetch(`${withMetrics.url}/api/health/live`)).json()).toEqual({ ok: true });
  const ready = await fetch(`${withMetrics.url}/api/health/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ ok: true, db: 'pglite' });
});
