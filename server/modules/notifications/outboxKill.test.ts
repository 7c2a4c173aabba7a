/**
 * The outbox survives kill -9 mid-delivery with 0 lost: a real server process (embedded database on
 * disk) sends five deliveries to a receiver that holds every request open; the process is killed
 * with SIGKILL while they are held; a new process on the same data folder, its clock moved past the
 * deliveries' lease (FLOTA_CLOCK_OFFSET), delivers all five again, with the same event ids and bodies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WebhookDelivery } from '../../../contract/notifications';
import { DEMO_OWNER_RUT, DEMO_PASSWORD } from '../../tools/seed/demoFleet';
import { apiCall } from '../../tools/testing/http';
import { freePort, startServerProcess, type ServerProcess } from '../../tools/testing/serverProcess';
import { startWebhookReceiver, type WebhookReceiver } from '../../tools/testing/webhookReceiver';


const DELIVERIES = 5;
let dataDir: string;
let receiver: WebhookReceiver;
let holding = true;
let server: ServerProcess | null = null;

const env = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  JWT_SECRET: 'outbox-kill-secret-0123456789-0123456789',
  WEBHOOKS_ALLOW_PRIVATE: '1',
  // Longer than the test holds a request: the attempt is cut by the kill, not by its timeout.
  WEBHOOKS_TIMEOUT_SECONDS: '30',
  ...extra,
});

async function login(url: string): Promise<string> {
  const { status, body } = await apiCall(url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
  expect(status).toBe(200);
  return body.token;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-outbox-kill-'));
  receiver = await startWebhookReceiver(() => (holding ? 'hold' : 200));
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  await receiver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('delivers every held delivery after a SIGKILL and a restart, 0 lost', async () => {
  server = await startServerProcess({ port: await freePort(), env: env(), readyTimeoutMs: 150_000 });
  let token = await login(server.url);
  const created = await apiCall(server.url, '/api/webhooks', { token, json: { url: receiver.url, events: ['alert.sos'] } });
  expect(created.status).toBe(201);
  const id = created.body.endpoint.id as number;
  for (let i = 0; i < DELIVERIES; i += 1) expect((await apiCall(server.url, `/api/webhooks/${id}/test`, { token, json: {} })).status).toBe(202);

  // Every delivery is on the wire, and held: the process dies mid-delivery.
  await receiver.waitFor(DELIVERIES, 30_000);
  expect(receiver.held()).toBe(DELIVERIES);
  await server.kill('SIGKILL');
  const sentBeforeKill = receiver.received.map((r) => r.body);
  receiver.release();
  holding = false;

  // The lease is the timeout plus 30 s: the new process's clock runs 2 minutes ahead, so it is over.
  server = await startServerProcess({ port: await freePort(), env: env({ FLOTA_CLOCK_OFFSET: '120' }), readyTimeoutMs: 150_000 });
  token = await login(server.url);
  await receiver.waitFor(2 * DELIVERIES, 30_000);
  const redelivered = receiver.received.slice(DELIVERIES).map((r) => r.body);
  expect(new Set(redelivered)).toEqual(new Set(sentBeforeKill));
  const ids = new Set(sentBeforeKill.map((body) => JSON.parse(body).id as string));
  expect(ids.size).toBe(DELIVERIES);

  // The log says delivered, on the second attempt, for each: none lost, none left pending.
  let log: WebhookDelivery[] = [];
  for (let tries = 0; tries < 50; tries += 1) {
    log = (await apiCall(server.url, `/api/webhooks/${id}/deliveries`, { token })).body.deliveries;
    if (log.every((d) => d.status === 'delivered')) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(log).toHaveLength(DELIVERIES);
  expect(new Set(log.map((d) => d.event_id))).toEqual(ids);
  expect(log.map((d) => [d.status, d.attempts, d.last_status_code])).toEqual(Array(DELIVERIES).fill(['delivered', 2, 200]));
}, 360_000);
