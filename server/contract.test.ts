/**
 * The contract is the one description of the API's answers: every route the server registers
 * declares its answers with contract/ schemas (the same objects, not copies), and the real server's
 * answer to a successful call of each route, to a call without a token and to bad input parses
 * with the schema declared for its status — with nothing left over, so a field the contract does
 * not list (or lists differently) fails here. config.json parses with the runtime-config schema.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import * as contract from '../contract/api';
import { configJsonSchema } from '../contract/runtimeConfig';
import * as socketContract from '../contract/socket';
import { registeredApiRoutes } from './platform/openapi/plugin';
import { DEMO_FLEET_CODE, DEMO_OWNER_RUT, DEMO_PASSWORD } from './tools/seed/demoFleet';
import { apiClient } from './tools/testing/apiClient';
import { routeSamples, type SampleRequest } from './tools/testing/routeSamples';
import { startTestServer, type TestServer } from './tools/testing/testServer';

let server: TestServer;
let call: ReturnType<typeof apiClient>;
const tokens = { owner: '', driver: '' };

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  tokens.owner = await server.login();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const isZod = (value: unknown): value is z.ZodType => typeof (value as z.ZodType | null)?.safeParse === 'function';
/** Every schema the contract exports: a route's declared answer must be one of these very objects. */
const contractSchemas = new Set<unknown>([...Object.values(contract), ...Object.values(socketContract)].filter(isZod));

function declaredAnswers(method: string, url: string): Record<number, z.ZodType> {
  const route = registeredApiRoutes(server.app).find((r) => r.method === method && r.url === url);
  return (route?.schema as { response?: Record<number, z.ZodType> } | undefined)?.response ?? {};
}

/** What a schema refuses or would drop: [] when the body is exactly what the contract describes. */
function drift(schema: $ZodType | undefined, body: unknown): unknown[] {
  if (!schema) return ['no schema declared for this status'];
  // zod's core parse: the contract's classic schemas and runtimeConfig.ts's zod/mini ones alike.
  const parsed = safeParse(schema, body);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // zod drops keys its objects do not list: a difference is a field the contract does not describe.
  // Both through JSON: fetch's bodies come from another realm, with another Object.prototype.
  const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
  return isDeepStrictEqual(plain(parsed.data), plain(body)) ? [] : [{ notInContract: body, contract: parsed.data }];
}

/** A booking put straight in the database for the journey's driver: offered to them, or at the pickup. */
async function dispatchBooking(driverRut: string, status: 'ofrecido' | 'en_el_lugar'): Promise<number> {
  const driver = await server.db.selectFrom('drivers').select('id').where('rut', '=', driverRut).where('owner_id', '=', server.seed.ownerId).executeTakeFirstOrThrow();
  const base = { owner_id: server.seed.ownerId, status, customer_phone: '+56911112222', pickup_latitude: -32.45, pickup_longitude: -71.23 };
  const row = await server.db
    .insertInto('bookings')
    .values(status === 'ofrecido' ? { ...base, offer_driver_id: driver.id, offer_expires_at: new Date(Date.now() + 60_000) } : { ...base, driver_id: driver.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The taxi arrived an hour ago: the passenger's wait is over, so No se presentó is open.
  if (status === 'en_el_lugar') {
    await server.db
      .insertInto('booking_events')
      .values({ booking_id: row.id, status, at: new Date(Date.now() - 3_600_000), actor_kind: 'system', actor_id: null, actor_name: 'Flota', driver_id: driver.id, note: null })
      .execute();
  }
  return row.id;
}
let accepted = 0;
/** One SOS press of the journey, and the fresh fix that follows it (the same client_id). */
const sosPress = randomUUID();

/** The demo fleet's "Pedir un taxi" page, switched on; its code. */
async function requestsOn(): Promise<string> {
  await server.db
    .insertInto('tracking_settings')
    // Requests wait on the board: whether a demo taxi is fresh enough to be offered one depends on how long the run took.
    .values({ owner_id: server.seed.ownerId, requests_enabled: true, requests_auto_offer: false })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ requests_enabled: true, requests_auto_offer: false }))
    .execute();
  return DEMO_FLEET_CODE;
}

/** The booking's tracking link's token (made by the hook as the driver accepted, just after the answer). */
async function trackingToken(bookingId: number): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const row = await server.db.selectFrom('tracking_links').select('token').where('booking_id', '=', bookingId).executeTakeFirst();
    if (row) return row.token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no tracking link for booking ${bookingId}`);
}

/** Routes whose answer never ends (server-sent events): checked by their first event below. */
const streams = ['GET /api/public/tracking/:token/stream'];

/** Public and driver routes in the order a phone uses them (routeSamples covers the desk's). */
const phoneJourney: [string, (ctx: { driverRut: string }) => (SampleRequest & { method?: string }) | Promise<SampleRequest & { method?: string }>][] = [
  ['GET /api/health', () => ({ path: '/api/health' })],
  ['GET /api/health/ready', () => ({ path: '/api/health/ready' })],
  ['GET /api/health/live', () => ({ path: '/api/health/live' })],
  ['POST /api/auth/login', () => ({ path: '/api/auth/login', json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })],
  ['POST /api/driver/login', ({ driverRut }) => ({ path: '/api/driver/login', json: { fleet_code: DEMO_FLEET_CODE, rut: driverRut, password: DEMO_PASSWORD } })],
  ['GET /api/driver/me', () => ({ path: '/api/driver/me' })],
  ['GET /api/driver/account', () => ({ path: '/api/driver/account' })],
  ['POST /api/driver/shifts/start', () => ({ path: '/api/driver/shifts/start', json: {} })],
  ['POST /api/driver/locations', () => ({ path: '/api/driver/locations', json: { locations: [{ latitude: -32.45, longitude: -71.23, timestamp: new Date().toISOString(), speed: 8.5, heading: 90 }] } })],
  ['GET /api/driver/me', () => ({ path: '/api/driver/me' })],
  ['GET /api/driver/dispatch', () => ({ path: '/api/driver/dispatch' })],
  ['PUT /api/driver/availability', () => ({ path: '/api/driver/availability', json: { availability: 'fuera_de_servicio' } })],
  ['PUT /api/driver/availability', () => ({ path: '/api/driver/availability', json: { availability: 'libre' } })],
  ['POST /api/driver/offers/:id/decline', async ({ driverRut }) => ({ path: `/api/driver/offers/${await dispatchBooking(driverRut, 'ofrecido')}/decline`, json: {} })],
  ['POST /api/driver/offers/:id/accept', async ({ driverRut }) => ({ path: `/api/driver/offers/${(accepted = await dispatchBooking(driverRut, 'ofrecido'))}/accept`, json: {} })],
  ['GET /api/public/tracking/:token', async () => ({ path: `/api/public/tracking/${await trackingToken(accepted)}` })],
  ['GET /api/public/requests/:fleetCode', async () => ({ path: `/api/public/requests/${await requestsOn()}` })],
  [
    'POST /api/public/requests/:fleetCode',
    async () => ({ path: `/api/public/requests/${await requestsOn()}`, json: { phone: '+56 9 7000 1234', name: 'Ana Web', pickup: { kind: 'ubicacion', latitude: -32.45, longitude: -71.23 }, notes: 'Portón verde' } }),
  ],
  ['POST /api/driver/trips/:id/arrived', () => ({ path: `/api/driver/trips/${accepted}/arrived`, json: {} })],
  ['POST /api/driver/trips/:id/onboard', () => ({ path: `/api/driver/trips/${accepted}/onboard`, json: {} })],
  ['POST /api/driver/trips/:id/finish', () => ({ path: `/api/driver/trips/${accepted}/finish`, json: {} })],
  ['POST /api/driver/trips/:id/no-show', async ({ driverRut }) => ({ path: `/api/driver/trips/${await dispatchBooking(driverRut, 'en_el_lugar')}/no-show`, json: {} })],
  ['POST /api/driver/sos', () => ({ path: '/api/driver/sos', json: { client_id: sosPress, latitude: -32.45, longitude: -71.23, position_age_seconds: 12, timestamp: new Date().toISOString() } })],
  ['PUT /api/driver/sos/position', () => ({ path: '/api/driver/sos/position', json: { client_id: sosPress, latitude: -32.451, longitude: -71.231, timestamp: new Date().toISOString() } })],
  ['GET /api/driver/sos', () => ({ path: '/api/driver/sos' })],
  ['GET /api/driver/documents', () => ({ path: '/api/driver/documents' })],
  ['POST /api/driver/shifts/end', () => ({ path: '/api/driver/shifts/end', json: {} })],
];

async function freeDriverRut(): Promise<string> {
  const busy = server.db.selectFrom('shifts').select('driver_id').where('end_time', 'is', null).where('driver_id', 'is not', null);
  const driver = await server.db
    .selectFrom('drivers')
    .select('rut')
    .where('owner_id', '=', server.seed.ownerId)
    .where('is_active', '=', true)
    .where('current_vehicle_id', 'is not', null)
    .where('id', 'not in', busy as never)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return driver.rut;
}

const keyOf = (method: string, url: string) => `${method} ${url}`;
const methodOf = (key: string) => key.split(' ')[0];
const urlOf = (key: string) => key.split(' ')[1];

describe('the contract describes every answer', () => {
  it('every API route has a sample here and declares its answers with the contract’s own schemas', () => {
    const registered = [...new Set(registeredApiRoutes(server.app).map((route) => keyOf(route.method, route.url)))];
    const sampled = new Set([...phoneJourney.map(([key]) => key), ...Object.keys(routeSamples), ...streams]);
    expect(registered.filter((key) => !sampled.has(key))).toEqual([]);
    const notContract = registered.flatMap((key) =>
      Object.entries(declaredAnswers(methodOf(key), urlOf(key)))
        .filter(([, schema]) => !contractSchemas.has(schema))
        .map(([status]) => `${key} ${status}`),
    );
    // A route listed here answers with a schema of its own: declare it in contract/ and reference it.
    expect(notContract).toEqual([]);
  });

  it('the phone’s routes answer what the contract says, from login to the end of a shift', async () => {
    const driverRut = await freeDriverRut();
    const problems: unknown[] = [];
    for (const [key, sample] of phoneJourney) {
      const request = await sample({ driverRut });
      const token = key.includes('/driver/') && !key.endsWith('/login') ? tokens.driver : undefined;
      const { status, body } = await call(request.path, { method: methodOf(key), token, json: request.json });
      if (key === 'POST /api/driver/login') tokens.driver = (body as { token: string }).token;
      if (status >= 300) problems.push({ key, status, body });
      const found = drift(declaredAnswers(methodOf(key), urlOf(key))[status], body);
      if (found.length) problems.push({ key, status, found });
    }
    expect(problems).toEqual([]);
  });

  it('the desk’s routes answer what the contract says', async () => {
    const problems: unknown[] = [];
    for (const [key, factory] of Object.entries(routeSamples)) {
      const request = await factory({ db: server.db, ownerId: server.seed.ownerId });
      const { status, body } = await call(request.path, { method: methodOf(key), token: tokens.owner, json: request.json, raw: request.raw });
      await request.cleanup?.();
      if (status >= 300) problems.push({ key, status, body });
      const found = drift(declaredAnswers(methodOf(key), urlOf(key))[status], body);
      if (found.length) problems.push({ key, status, found });
    }
    expect(problems).toEqual([]);
  });

  it('the passenger’s live stream sends views the contract describes', async () => {
    const token = await trackingToken(accepted);
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/public/tracking/${token}/stream`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const data = /^event: view\ndata: (.+)$/m.exec(text)?.[1];
    expect(drift(contract.trackingViewSchema, JSON.parse(data ?? 'null'))).toEqual([]);
    expect(drift(contract.trackingStreamSchema, text)).toEqual([]);
  });

  it('a call without a token gets the contract’s error body, as declared', async () => {
    const problems: unknown[] = [];
    for (const route of registeredApiRoutes(server.app)) {
      if (server.access.rule(route.method, route.url)?.includes('public')) continue;
      const path = route.url.replace(/:\w+/g, '1');
      const { status, body } = await call(path, { method: route.method, json: route.method === 'GET' ? undefined : {} });
      if (status !== 401) problems.push({ route: keyOf(route.method, route.url), status });
      const found = drift(declaredAnswers(route.method, route.url)[status], body);
      if (found.length) problems.push({ route: keyOf(route.method, route.url), status, found });
    }
    expect(problems).toEqual([]);
  });

  it('bad input gets the error body with Spanish per-field texts', async () => {
    const { status, body } = await call('/api/vehicles', { method: 'POST', token: tokens.owner, json: { plate_number: 'no', year: 'mil' } });
    expect(status).toBe(400);
    expect(drift(declaredAnswers('POST', '/api/vehicles')[400], body)).toEqual([]);
    expect(contract.apiErrorSchema.parse(body).fields).toMatchObject({ plate_number: expect.stringMatching(/Patente inválida/) });
  });

  it('config.json is what the runtime-config schema describes', async () => {
    const body: unknown = await (await fetch(`${server.url}/config.json`)).json();
    expect(drift(configJsonSchema, body)).toEqual([]);
    expect(body).toMatchObject({ apiBaseUrl: '/api', socketPath: '/socket.io', staleAfterSeconds: server.config.staleAfterSeconds });
  });
});
