/**
 * Webhooks through the real server (PGlite) and a real receiver on 127.0.0.1: endpoints and their
 * Spanish 400s, who is subscribed to an alert, the signed delivery checked by docs/webhooks.md's
 * own snippet, retries on the injected clock, permanent failures, the delivery log, and another
 * fleet that sees nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../../contract/notifications';
import { manualClock } from '../../platform/clock';
import { apiCall } from '../../tools/testing/http';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { startWebhookReceiver, type ReceiverAnswer, type WebhookReceiver } from '../../tools/testing/webhookReceiver';
import { createOutboxPass, enqueueAlertNotifications, outboxPacing, retryDelayMs, NOTIFICATIONS_DEFAULTS, type AlertForDelivery, type NotificationsConfig } from './index';

const settings: NotificationsConfig = { ...NOTIFICATIONS_DEFAULTS, allowPrivate: true, timeoutSeconds: 1 };
let server: TestServer;
let desk: string;
let receiver: WebhookReceiver;
let answer: (index: number) => ReceiverAnswer = () => 200;
const clock = manualClock(new Date('2026-11-27T12:00:00Z'));

beforeAll(async () => {
  // The server's clock is the test's: Probar writes its row at the time the outbox pass runs on.
  server = await startTestServer({ notifications: settings }, { clock });
  desk = await server.login();
  receiver = await startWebhookReceiver((_request, index) => answer(index));
}, 90_000);
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const call = (url: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, url, { token: desk, ...init });
const pass = () => createOutboxPass({ db: server.db, log: server.app.log, config: settings, mailer: null, timeZone: 'America/Santiago' }, outboxPacing(settings, clock));

function sampleAlert(overrides: Partial<AlertForDelivery> = {}): AlertForDelivery {
  return {
    id: 101,
    ownerId: server.seed.ownerId,
    kind: 'zone_enter',
    occurredAt: clock.now().toISOString(),
    title: 'Entró a Terminal La Ligua',
    detail: null,
    vehicle: { id: 7, plate: 'ABCD12' },
    driver: { id: 3, name: 'Ana Pérez', phone: '+56912345678' },
    zone: { id: 4, name: 'Terminal La Ligua' },
    position: { lat: -32.45, lng: -71.23, speedKmh: 18 },
    emailTo: [],
    ...overrides,
  };
}

async function raise(alert: AlertForDelivery) {
  await server.db.transaction().execute((trx) => enqueueAlertNotifications(alert, trx, clock.now()));
}

async function createEndpoint(json: Record<string, unknown>): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const { status, body } = await call('/api/webhooks', { json });
  expect(status).toBe(201);
  return body;
}

const deliveries = async (id: number): Promise<WebhookDelivery[]> => (await call(`/api/webhooks/${id}/deliveries`)).body.deliveries;

afterEach(async () => {
  answer = () => 200;
  receiver.received.length = 0;
  await server.db.deleteFrom('webhook_endpoints').execute();
});

describe('endpoints', () => {
  it('tells the screen that e-mail is not configured without SMTP_URL', async () => {
    const { status, body } = await call('/api/notifications/status');
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: { configured: false, from: null }, webhooks: { max_endpoints: 10, max_attempts: 8, timeout_seconds: 1, private_addresses_allowed: true } });
    // Ten alert kinds, the documents reminder and Mantención's two (issue 34), and booking.assigned.
    expect(body.event_types).toHaveLength(14);
  });

  it('creates one with a secret shown at creation, revealable, hinted in the list, and edits and deletes it', async () => {
    const { endpoint, secret } = await createEndpoint({ url: receiver.url, description: 'Central', events: ['alert.sos', 'alert.zone_enter'] });
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpoint).toMatchObject({ url: receiver.url, description: 'Central', events: ['alert.sos', 'alert.zone_enter'], enabled: true, secret_hint: `…${secret.slice(-4)}` });
    expect(JSON.stringify((await call('/api/webhooks')).body)).not.toContain(secret);
    expect((await call(`/api/webhooks/${endpoint.id}/secret`)).body).toEqual({ secret });

    const updated = await call(`/api/webhooks/${endpoint.id}`, { method: 'PUT', json: { url: receiver.url, events: ['alert.speeding'], enabled: false } });
    expect(updated.status).toBe(200);
    expect(updated.body.endpoint).toMatchObject({ events: ['alert.speeding'], enabled: false, description: null });
    const activity = await server.db.selectFrom('activity_log').select(['action', 'changes']).where('entity', '=', 'webhook').where('entity_id', '=', endpoint.id).execute();
    expect(activity.map((a) => a.action)).toEqual(['created', 'updated']);
    expect(JSON.stringify(activity)).not.toContain(secret);

    expect((await call(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('/api/webhooks')).body.endpoints).toEqual([]);
  });

  it.each([
    [{ url: 'ftp://example.com/x', events: ['alert.sos'] }, 'url', 'La URL debe comenzar con http:// o https://'],
    [{ url: 'no es una url', events: ['alert.sos'] }, 'url', 'La URL debe comenzar con http:// o https://'],
    [{ url: 'https://usuario:clave@example.com/x', events: ['alert.sos'] }, 'url', 'La URL no puede llevar usuario ni contraseña'],
    [{ url: 'https://example.com/x', events: [] }, 'events', 'Elige al menos un evento'],
    [{ url: 'https://example.com/x', events: ['alert.volar'] }, 'events', 'Tipo de evento desconocido'],
    [{ events: ['alert.sos'] }, 'url', 'La URL es obligatoria'],
  ])('refuses %j with a Spanish 400 and saves nothing', async (json, field, message) => {
    const { status, body } = await call('/api/webhooks', { json });
    expect(status).toBe(400);
    expect(JSON.stringify(body.fields[field] ?? body.fields[`${field}.0`])).toContain(message);
    expect((await call('/api/webhooks')).body.endpoints).toEqual([]);
  });

  it('refuses private addresses unless WEBHOOKS_ALLOW_PRIVATE', async () => {
    settings.allowPrivate = false;
    try {
      for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.5/x', 'http://172.20.1.1/x', 'http://192.168.1.10/x', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://[fd00::1]/x', 'http://localhost:9/x']) {
        const { status, body } = await call('/api/webhooks', { json: { url, events: ['alert.sos'] } });
        expect([url, status, body.fields?.url]).toEqual([url, 400, 'La URL apunta a una dirección privada, local o reservada: usa una dirección pública']);
      }
    } finally {
      settings.allowPrivate = true;
    }
    expect((await call('/api/webhooks')).body.endpoints).toEqual([]);
  });

  it('refuses the IPv6 forms of internal IPv4 addresses, on create and on edit', async () => {
    const { endpoint } = await createEndpoint({ url: 'https://93.184.216.34/hooks', events: ['alert.sos'] });
    const forms = (ipv4: string) => {
      const [a, b, c, d] = ipv4.split('.').map(Number);
      const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
      return [`::ffff:${ipv4}`, `::${ipv4}`, `64:ff9b::${ipv4}`, `2002:${hex(a, b)}:${hex(c, d)}::1`];
    };
    settings.allowPrivate = false;
    try {
      for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '0.0.0.0'].flatMap(forms)) {
        const url = `http://[${address}]/x`;
        const created = await call('/api/webhooks', { json: { url, events: ['alert.sos'] } });
        const edited = await call(`/api/webhooks/${endpoint.id}`, { method: 'PUT', json: { url, events: ['alert.sos'] } });
        const reason = 'La URL apunta a una dirección privada, local o reservada: usa una dirección pública';
        expect([url, created.status, created.body.fields?.url, edited.status, edited.body.fields?.url]).toEqual([url, 400, reason, 400, reason]);
      }
    } finally {
      settings.allowPrivate = true;
    }
    expect((await call('/api/webhooks')).body.endpoints.map((e: WebhookEndpoint) => e.url)).toEqual(['https://93.184.216.34/hooks']);
    expect((await call(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('allows at most 10 per fleet', async () => {
    for (let i = 0; i < 10; i += 1) await createEndpoint({ url: `${receiver.url}/${i}`, events: ['alert.sos'] });
    const { status, body } = await call('/api/webhooks', { json: { url: receiver.url, events: ['alert.sos'] } });
    expect([status, body.error]).toEqual([400, 'La flota ya tiene 10 endpoints: elimina uno antes de agregar otro']);
  });

  it('another fleet sees and changes none of them, and gets none of its deliveries', async () => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    await createSecondOwner(server.db).catch(() => undefined);
    const other = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const as = (url: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, url, { token: other, ...init });
    expect((await as('/api/webhooks')).body.endpoints).toEqual([]);
    for (const [url, init] of [
      [`/api/webhooks/${endpoint.id}/secret`, {}],
      [`/api/webhooks/${endpoint.id}/deliveries`, {}],
      [`/api/webhooks/${endpoint.id}/test`, { json: {} }],
      [`/api/webhooks/${endpoint.id}`, { method: 'PUT', json: { url: receiver.url, events: ['alert.sos'] } }],
      [`/api/webhooks/${endpoint.id}`, { method: 'DELETE' }],
    ] as const) {
      const { status, body } = await as(url, init);
      expect([url, status, body.error]).toEqual([url, 404, 'Endpoint no encontrado']);
    }
    // An alert of the other fleet reaches none of this fleet's endpoints.
    const { ownerId } = await server.db.selectFrom('owners').select('id as ownerId').where('rut', '=', SECOND_OWNER.rut).executeTakeFirstOrThrow();
    await raise(sampleAlert({ ownerId, kind: 'sos' }));
    expect(await deliveries(endpoint.id)).toEqual([]);
  });
});

describe('deliveries', () => {
  it('sends an alert to each endpoint subscribed to its kind, signed as the docs verify, and logs it', async () => {
    const sos = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    const zones = await createEndpoint({ url: `${receiver.url}/zonas`, events: ['alert.zone_enter', 'alert.zone_exit'] });
    await createEndpoint({ url: `${receiver.url}/apagado`, events: ['alert.zone_enter'], enabled: false });
    await raise(sampleAlert());
    expect(await pass().runOnce()).toMatchObject({ attempted: 1, delivered: 1 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = JSON.parse(request.body) as WebhookEvent;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'alert.zone_enter',
      created_at: clock.now().toISOString(),
      data: {
        alert: {
          id: '101',
          kind: 'zone_enter',
          occurred_at: clock.now().toISOString(),
          title: 'Entró a Terminal La Ligua',
          detail: null,
          vehicle: { id: '7', plate: 'ABCD12' },
          driver: { id: '3', name: 'Ana Pérez', phone: '+56912345678' },
          zone: { id: '4', name: 'Terminal La Ligua' },
          position: { lat: -32.45, lng: -71.23, speed_kmh: 18 },
        },
      },
    });
    expect(request.headers['flota-event-id']).toBe(event.id);
    expect(request.headers['flota-event-type']).toBe('alert.zone_enter');

    // docs/webhooks.md's snippet, run as written, against this real delivery.
    const docs = readFileSync(path.resolve(__dirname, '../../../docs/webhooks.md'), 'utf8');
    const snippet = /```js verify-snippet\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(snippet).toBeDefined();
    const sandbox = { require, Buffer, Date, Math, Number, String, Object, verifyFlotaSignature: undefined as unknown };
    vm.runInNewContext(`${snippet}\nthis.verifyFlotaSignature = verifyFlotaSignature;`, sandbox);
    const verify = sandbox.verifyFlotaSignature as (body: string, header: string, secret: string, tolerance?: number, now?: number) => boolean;
    const header = request.headers['flota-signature'] as string;
    const sentAt = Math.floor(clock.now().getTime() / 1000);
    expect(header).toMatch(new RegExp(`^t=${sentAt},v1=[0-9a-f]{64}$`));
    expect(verify(request.body, header, zones.secret, 300, sentAt)).toBe(true);
    expect(verify(request.body, header, sos.secret, 300, sentAt)).toBe(false);
    expect(verify(request.body.replace('ABCD12', 'ABCD13'), header, zones.secret, 300, sentAt)).toBe(false);
    expect(verify(request.body, header, zones.secret, 300, sentAt + 301)).toBe(false);

    const [logged] = await deliveries(zones.endpoint.id);
    expect(logged).toMatchObject({ event_id: event.id, event_type: 'alert.zone_enter', status: 'delivered', attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(await deliveries(sos.endpoint.id)).toEqual([]);
    const listed = (await call('/api/webhooks')).body.endpoints as WebhookEndpoint[];
    expect(listed.find((e) => e.id === zones.endpoint.id)).toMatchObject({ counts: { pending: 0, delivered: 1, failed: 0 }, last_delivery: { status: 'delivered', status_code: 200 } });
  });

  it('rolls back with the alert: no transaction, no delivery', async () => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    await expect(
      server.db.transaction().execute(async (trx) => {
        await enqueueAlertNotifications(sampleAlert({ kind: 'sos' }), trx, clock.now());
        throw new Error('the alert was not saved');
      }),
    ).rejects.toThrow('the alert was not saved');
    expect(await deliveries(endpoint.id)).toEqual([]);
  });

  it('Probar sends a test event through the same outbox', async () => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'], enabled: false });
    const { status, body } = await call(`/api/webhooks/${endpoint.id}/test`, { json: {} });
    expect(status).toBe(202);
    expect(body.delivery).toMatchObject({ event_type: 'test', status: 'pending', attempts: 0 });
    await pass().runOnce();
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'test', data: { message: 'Evento de prueba enviado desde Flota (botón Probar).', endpoint_id: endpoint.id } });
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('retries a 5xx, a 429 and a timeout with exponential backoff on the injected clock, then delivers the same event', async () => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    const answers: ReceiverAnswer[] = [503, 429, 'hold', 200];
    answer = (index) => answers[index] ?? 200;
    await raise(sampleAlert({ kind: 'sos' }));
    const outbox = pass();
    const start = clock.now().getTime();

    expect(await outbox.runOnce()).toMatchObject({ attempted: 1, retried: 1 });
    let [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503, last_error: 'El receptor respondió 503', next_attempt_at: new Date(start + 60_000).toISOString() });
    // Not due yet: nothing is sent.
    clock.advance(59_000);
    expect(await outbox.runOnce()).toMatchObject({ attempted: 0 });
    clock.advance(1000);
    expect(await outbox.runOnce()).toMatchObject({ attempted: 1, retried: 1 });
    [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ attempts: 2, last_status_code: 429, next_attempt_at: new Date(start + 60_000 + 240_000).toISOString() });
    clock.advance(240_000);
    expect(await outbox.runOnce()).toMatchObject({ attempted: 1, retried: 1 });
    [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ attempts: 3, last_status_code: null, last_error: 'Sin respuesta en 1 s', next_attempt_at: new Date(start + 300_000 + 960_000).toISOString() });
    clock.advance(960_000);
    expect(await outbox.runOnce()).toMatchObject({ attempted: 1, delivered: 1 });
    [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200 });
    receiver.release(200);
    const ids = receiver.received.map((r) => JSON.parse(r.body).id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it('gives up after the last attempt, more than an hour after the first', async () => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    answer = () => 500;
    await raise(sampleAlert({ kind: 'sos' }));
    const outbox = pass();
    const first = clock.now().getTime();
    for (let attempt = 1; attempt <= settings.maxAttempts; attempt += 1) {
      expect(await outbox.runOnce()).toMatchObject({ attempted: 1 });
      clock.advance(retryDelayMs(attempt));
    }
    const [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'failed', attempts: settings.maxAttempts, last_status_code: 500, next_attempt_at: null });
    expect(new Date(row.last_attempt_at as string).getTime() - first).toBeGreaterThan(3_600_000);
    expect(receiver.received).toHaveLength(settings.maxAttempts);
    expect(await outbox.runOnce()).toMatchObject({ attempted: 0 });
  });

  it.each([400, 404, 410, 301])('fails for good on a %i without retrying', async (status) => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    answer = () => status;
    await raise(sampleAlert({ kind: 'sos' }));
    expect(await pass().runOnce()).toMatchObject({ attempted: 1, failed: 1 });
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: status });
  });

  it('keeps settled deliveries 30 days, pending ones until they settle', async () => {
    const { endpoint } = await createEndpoint({ url: receiver.url, events: ['alert.sos'] });
    await raise(sampleAlert({ kind: 'sos' }));
    await pass().runOnce();
    answer = () => 503;
    clock.advance(29 * 86_400_000);
    await raise(sampleAlert({ kind: 'sos' }));
    await pass().runOnce();
    expect((await deliveries(endpoint.id)).map((d) => d.status)).toEqual(['pending', 'delivered']);
    clock.advance(2 * 86_400_000);
    await pass().runOnce();
    expect((await deliveries(endpoint.id)).map((d) => d.status)).toEqual(['pending']);
  });

  it('resolves the name again at delivery and refuses a private answer (DNS rebinding)', async () => {
    const url = receiver.url.replace('127.0.0.1', 'localhost');
    const { endpoint } = await createEndpoint({ url, events: ['alert.sos'] });
    settings.allowPrivate = false;
    try {
      await raise(sampleAlert({ kind: 'sos' }));
      expect(await pass().runOnce()).toMatchObject({ attempted: 1, failed: 1 });
    } finally {
      settings.allowPrivate = true;
    }
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/^La URL apunta a una dirección privada, local o reservada: usa una dirección pública \((127\.0\.0\.1|::1)\)$/) });
  });
});
