/**
 * "Pedir un taxi" through the real server (PGlite): the off switch (same 404 as an unknown fleet),
 * the request landing on every desk's board live as Por asignar / web with its tracking link in
 * "Buscando taxi", the honeypot, the Spanish 400s that change nothing, a blocked number, the per-
 * phone and open-request limits, the per-address limit, and nothing of another fleet reachable.
 */
import { SocketEvent } from '../../../contract/socket';
import { TaxiRequestMessages, type TaxiRequestInput } from '../../../contract/taxiRequests';
import { TRACKING_GONE_MESSAGE } from '../../../contract/tracking';
import { apiCall } from '../../tools/testing/http';
import { openOwnerSocket } from '../../tools/testing/ownerSocket';
import { databaseFingerprint } from '../../tools/testing/routeSamples';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';
import { DEMO_FLEET_CODE } from '../../tools/seed/demoFleet';
import { freeDemoDrivers, PICKUP, putOnShift } from '../../tools/testing/dispatchFixtures';
import { TRACKING_DEFAULTS } from './settings';

let server: TestServer;
let desk: string;
let other: { ownerId: number; fleetCode: string; token: string };
const ADDRESS_LIMIT = 40;

beforeAll(async () => {
  server = await startTestServer({ tracking: { ...TRACKING_DEFAULTS, requestsPerAddressPerHour: ADDRESS_LIMIT, requestsPerPhonePerHour: 2, openRequestsPerPhone: 1 } });
  desk = await server.login();
  const second = await createSecondOwner(server.db);
  other = { ownerId: second.ownerId, fleetCode: second.fleetCode, token: await server.login(SECOND_OWNER.rut, SECOND_OWNER.password) };
  await server.db.insertInto('dispatch_places').values({ owner_id: other.ownerId, name: 'Lugar Secreto de Otra', latitude: -33.1, longitude: -70.1 }).execute();
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });
let posts = 0;
/** A public call, as a passenger's phone makes it (no token), with its headers. */
async function publicCall(path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: await response.json() };
}
const ask = (code: string, body: unknown) => {
  posts += 1;
  return publicCall(`/api/public/requests/${code}`, body);
};
const pageOf = (code: string) => publicCall(`/api/public/requests/${code}`);
let phoneCounter = 0;
const newPhone = () => `+56 9 6${String((phoneCounter += 1)).padStart(3, '0')} 0000`;
const request = (overrides: Partial<TaxiRequestInput> = {}): TaxiRequestInput => ({
  phone: newPhone(),
  name: 'Ana Web',
  pickup: { kind: 'ubicacion', latitude: -32.4501, longitude: -71.2302 },
  notes: 'Portón verde',
  ...overrides,
});
// Requests wait on the board unless a test turns the automatic offer on (the demo's taxis are fresh and near).
const switchRequests = async (token: string, on: boolean, autoOffer = false) => {
  const answer = await apiCall(server.url, '/api/tracking/settings', { method: 'PUT', token, json: { phone: '+56 33 271 1234', position_after_boarding: false, requests_enabled: on, requests_auto_offer: autoOffer } });
  expect(answer.status).toBe(200);
  return answer.body.settings;
};
const webBookings = () => server.db.selectFrom('bookings').selectAll().where('origin', '=', 'web').execute();

describe('the off switch', () => {
  it('is off by default: the page and the request answer exactly as for an unknown fleet', async () => {
    const settings = (await call('/api/tracking/settings')).body.settings;
    expect(settings).toMatchObject({ requests_enabled: false, requests_path: `/pedir/${DEMO_FLEET_CODE}` });
    const before = await databaseFingerprint(server.db);
    for (const code of [DEMO_FLEET_CODE, 'ZZZZZZ', 'no-es-un-codigo', '1']) {
      expect(await pageOf(code)).toMatchObject({ status: 404, body: { error: TaxiRequestMessages.unknownFleet } });
      const answer = await ask(code, request());
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: { error: TaxiRequestMessages.unknownFleet } });
    }
    expect(await databaseFingerprint(server.db)).toBe(before);
  });

  it('only the Dueño switches it on; on, the page shows the fleet’s name, phone and its places’ names, nothing else', async () => {
    const settings = await switchRequests(desk, true);
    expect(settings.requests_enabled).toBe(true);
    const page = await pageOf(DEMO_FLEET_CODE.toLowerCase());
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const own = await server.db.selectFrom('dispatch_places').select('name').distinct().where('owner_id', '=', server.seed.ownerId).orderBy('name').execute();
    expect(page.body).toEqual({ page: { fleet: { name: expect.any(String), phone: '+56 33 271 1234' }, places: own.map((p) => p.name), center: { latitude: expect.any(Number), longitude: expect.any(Number) } } });
    // Two decimals: the fleet's area, not any place's point.
    expect(String(page.body.page.center.latitude)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    expect(JSON.stringify(page.body)).not.toContain('Lugar Secreto de Otra');
  });
});

describe('a request', () => {
  it('lands on every desk’s board live as Por asignar with origin web, and the passenger’s link says Buscando taxi', async () => {
    const socket = await openOwnerSocket(server.url, { token: desk });
    expect(await socket.join(server.seed.ownerId)).toEqual({ ok: true });
    try {
      const answer = await ask(DEMO_FLEET_CODE, request({ phone: '+56 9 8111 2222', name: 'Rosa Web', notes: 'Edificio azul' }));
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), path: `/seguimiento/${answer.body.token}` });
      const heard = await socket.waitFor((event) => event.event === SocketEvent.bookingChanged && (event.payload as { booking: { customer_phone: string } }).booking.customer_phone === '+56981112222');
      expect((heard.payload as { booking: unknown }).booking).toMatchObject({ origin: 'web', status: 'pendiente', board: 'por_asignar', customer_name: 'Rosa Web', notes: 'Edificio azul', pickup: { label: 'Ubicación del pasajero (GPS)' } });
      const board = (await call('/api/dispatch/bookings')).body.bookings as { origin: string; customer_phone: string; board: string; events: { by: { name: string } }[] }[];
      const mine = board.find((b) => b.customer_phone === '+56981112222');
      expect(mine).toMatchObject({ origin: 'web', board: 'por_asignar' });
      expect(mine?.events[0].by.name).toBe('Pedido web');
      const view = await apiCall(server.url, `/api/public/tracking/${answer.body.token}`);
      expect(view.status).toBe(200);
      expect(view.body.tracking).toMatchObject({ state: 'buscando', taxi: null, pickup: { label: 'Ubicación del pasajero (GPS)' } });
    } finally {
      socket.close();
    }
  });

  it('a saved place is taken by its name (the fleet’s own only); a typed reference goes beside it', async () => {
    const place = await server.db.selectFrom('dispatch_places').select(['name', 'latitude', 'longitude']).where('owner_id', '=', server.seed.ownerId).orderBy('id').executeTakeFirstOrThrow();
    const answer = await ask(DEMO_FLEET_CODE, request({ pickup: { kind: 'lugar', name: place.name, reference: 'Andén 3' } }));
    expect(answer.status).toBe(201);
    const view = await apiCall(server.url, `/api/public/tracking/${answer.body.token}`);
    expect(view.body.tracking.pickup).toEqual({ latitude: place.latitude, longitude: place.longitude, label: `${place.name} (Andén 3)` });
    const before = await databaseFingerprint(server.db);
    const foreign = await ask(DEMO_FLEET_CODE, request({ pickup: { kind: 'lugar', name: 'Lugar Secreto de Otra' } }));
    expect(foreign).toMatchObject({ status: 400, body: { error: TaxiRequestMessages.unknownPlace } });
    expect(await databaseFingerprint(server.db)).toBe(before);
  });

  it('a number the fleet knows keeps its stored name: the typed one goes in the notes', async () => {
    await server.db.insertInto('customers').values({ owner_id: server.seed.ownerId, phone: '+56981113333', name: 'Cliente Antiguo' }).execute();
    const answer = await ask(DEMO_FLEET_CODE, request({ phone: '+56981113333', name: 'Otro Nombre', notes: null }));
    expect(answer.status).toBe(201);
    const customer = await server.db.selectFrom('customers').select('name').where('owner_id', '=', server.seed.ownerId).where('phone', '=', '+56981113333').executeTakeFirstOrThrow();
    expect(customer.name).toBe('Cliente Antiguo');
    const booking = await server.db.selectFrom('bookings').select(['customer_name', 'notes']).where('customer_phone', '=', '+56981113333').executeTakeFirstOrThrow();
    expect(booking).toEqual({ customer_name: 'Cliente Antiguo', notes: 'Nombre dado en la web: Otro Nombre' });
  });

  it('bad input gets a Spanish 400 naming the field, and changes nothing', async () => {
    const before = await databaseFingerprint(server.db);
    const cases: [unknown, string, string][] = [
      [request({ phone: '123' }), 'phone', TaxiRequestMessages.phone],
      [request({ name: '   ' }), 'name', TaxiRequestMessages.name],
      [{ ...request(), pickup: undefined }, 'pickup', TaxiRequestMessages.pickup],
      [request({ pickup: { kind: 'mapa', latitude: 48.85, longitude: 2.35 } }), 'pickup.latitude', 'El punto está fuera del área de servicio'],
      [request({ pickup: { kind: 'teletransporte' } as never }), 'pickup.kind', TaxiRequestMessages.pickup],
      [request({ notes: 'x'.repeat(301) }), 'notes', 'Las notas son demasiado largas'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await ask(DEMO_FLEET_CODE, body);
      expect({ field, status: answer.status, message: answer.body.fields?.[field] }).toEqual({ field, status: 400, message });
    }
    expect(await databaseFingerprint(server.db)).toBe(before);
  });

  it('the honeypot filled: a quiet fake success whose link answers as a dead one, and nothing stored', async () => {
    const before = await databaseFingerprint(server.db);
    const count = (await webBookings()).length;
    const answer = await ask(DEMO_FLEET_CODE, { ...request(), sitio_web: 'http://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), path: `/seguimiento/${answer.body.token}` });
    expect(await apiCall(server.url, `/api/public/tracking/${answer.body.token}`)).toMatchObject({ status: 404, body: { error: TRACKING_GONE_MESSAGE } });
    expect((await webBookings()).length).toBe(count);
    expect(await databaseFingerprint(server.db)).toBe(before);
  });
});

describe('offered at once (the fleet’s setting, on by default)', () => {
  it('a request goes to the nearest free taxi’s phone without the desk; switched off, it waits on the board', async () => {
    // A fleet that never saved its settings (B, before its own tests) offers at once.
    const untouched = await apiCall(server.url, '/api/tracking/settings', { token: other.token });
    expect(untouched.body.settings).toMatchObject({ requests_enabled: false, requests_auto_offer: true });
    const [driver] = await freeDemoDrivers(server.db, server.seed.ownerId);
    const taxi = await putOnShift(server.url, driver, 300);
    const atPickup = { kind: 'ubicacion' as const, latitude: PICKUP.latitude, longitude: PICKUP.longitude };
    const phoneOffer = async () => (await apiCall(server.url, '/api/driver/dispatch', { token: taxi.token })).body.offer as { booking: { customer_name: string } } | null;

    expect((await switchRequests(desk, true, true)).requests_auto_offer).toBe(true);
    const offered = await ask(DEMO_FLEET_CODE, request({ name: 'Rosa Pronta', pickup: atPickup }));
    expect(offered.status).toBe(201);
    expect(await phoneOffer()).toMatchObject({ booking: { customer_name: 'Rosa Pronta' } });
    const board = (await call('/api/dispatch/bookings')).body.bookings as { customer_name: string; status: string; origin: string; offer: { driver_id: number } | null }[];
    expect(board.find((b) => b.customer_name === 'Rosa Pronta')).toMatchObject({ origin: 'web', status: 'ofrecido', offer: { driver_id: taxi.driverId } });
    expect((await apiCall(server.url, `/api/public/tracking/${offered.body.token}`)).body.tracking).toMatchObject({ state: 'buscando' });
    const id = (await webBookings()).find((b) => b.customer_name === 'Rosa Pronta')?.id;
    expect((await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } })).status).toBe(200);

    expect((await switchRequests(desk, true, false)).requests_auto_offer).toBe(false);
    const waiting = await ask(DEMO_FLEET_CODE, request({ name: 'Rosa Espera', pickup: atPickup }));
    expect(waiting.status).toBe(201);
    expect(await phoneOffer()).toBeNull();
    const after = (await call('/api/dispatch/bookings')).body.bookings as { customer_name: string; status: string }[];
    expect(after.find((b) => b.customer_name === 'Rosa Espera')).toMatchObject({ status: 'pendiente' });
    expect((await apiCall(server.url, '/api/driver/shifts/end', { token: taxi.token, json: {} })).status).toBe(200);
  });

  it('the setting is the Dueño’s own: refused in Spanish when it is not a yes or no, and nothing changes', async () => {
    const before = (await apiCall(server.url, '/api/tracking/settings', { token: desk })).body.settings;
    const bad = await apiCall(server.url, '/api/tracking/settings', { method: 'PUT', token: desk, json: { ...before, requests_path: undefined, requests_auto_offer: 'quizás' } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { requests_auto_offer: 'Indica sí o no' } } });
    expect((await apiCall(server.url, '/api/tracking/settings', { token: desk })).body.settings).toEqual(before);
  });
});

describe('abuse limits', () => {
  it('one open request per number: a second is refused in Spanish until the first closes', async () => {
    const phone = '+56 9 8222 3333';
    const first = await ask(DEMO_FLEET_CODE, request({ phone }));
    expect(first.status).toBe(201);
    const second = await ask(DEMO_FLEET_CODE, request({ phone }));
    expect({ status: second.status, body: second.body }).toEqual({ status: 409, body: { error: TaxiRequestMessages.openRequest } });
    const id = (await server.db.selectFrom('bookings').select('id').where('customer_phone', '=', '+56982223333').executeTakeFirstOrThrow()).id;
    expect((await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Pasajero desistió' } })).status).toBe(200);
    expect((await ask(DEMO_FLEET_CODE, request({ phone }))).status).toBe(201);
  });

  it('a number’s requests an hour: over the limit, a Spanish 429 with Retry-After', async () => {
    const phone = '+56 9 8333 4444';
    // Two within the hour (the limit here), each closed so the open-request rule stays out of the way.
    for (let i = 0; i < 2; i += 1) {
      expect((await ask(DEMO_FLEET_CODE, request({ phone }))).status).toBe(201);
      await server.db.updateTable('bookings').set({ status: 'cancelado', closed_at: new Date() }).where('customer_phone', '=', '+56983334444').where('closed_at', 'is', null).execute();
    }
    const third = await ask(DEMO_FLEET_CODE, request({ phone }));
    expect({ status: third.status, body: third.body }).toEqual({ status: 429, body: { error: TaxiRequestMessages.phoneHour } });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // An hour later the number may ask again.
    await server.db.updateTable('bookings').set({ created_at: new Date(Date.now() - 3_700_000) as never }).where('customer_phone', '=', '+56983334444').execute();
    expect((await ask(DEMO_FLEET_CODE, request({ phone }))).status).toBe(201);
  });

  it('a number the desk blocked gets the plain refusal; unblocked, it may ask again; the list is the fleet’s own', async () => {
    const blocked = await call('/api/tracking/blocked-phones', { json: { phone: '9 8444 5555' } });
    expect(blocked.status).toBe(201);
    expect(blocked.body.phone).toMatchObject({ phone: '+56984445555' });
    expect((await call('/api/tracking/blocked-phones', { json: { phone: 'abc' } })).status).toBe(400);
    const before = await databaseFingerprint(server.db);
    const refused = await ask(DEMO_FLEET_CODE, request({ phone: '+56984445555' }));
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { error: TaxiRequestMessages.refused } });
    expect(await databaseFingerprint(server.db)).toBe(before);
    // Fleet B neither sees nor removes A's entry.
    const ofB = await apiCall(server.url, '/api/tracking/blocked-phones', { token: other.token });
    expect(ofB.body).toEqual({ phones: [] });
    expect((await apiCall(server.url, `/api/tracking/blocked-phones/${blocked.body.phone.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await call('/api/tracking/blocked-phones')).body.phones.map((p: { phone: string }) => p.phone)).toEqual(['+56984445555']);
    expect((await call(`/api/tracking/blocked-phones/${blocked.body.phone.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await ask(DEMO_FLEET_CODE, request({ phone: '+56984445555' }))).status).toBe(201);
  });
});

describe('another fleet', () => {
  it('a request to B’s code lands on B’s board only; B’s page lists B’s places only', async () => {
    await switchRequests(other.token, true);
    const page = await pageOf(other.fleetCode);
    expect(page.body).toEqual({ page: { fleet: { name: 'Radiotaxis Otra', phone: '+56 33 271 1234' }, places: ['Lugar Secreto de Otra'], center: { latitude: -33.1, longitude: -70.1 } } });
    const answer = await ask(other.fleetCode, request({ phone: '+56 9 8555 6666', pickup: { kind: 'lugar', name: 'Lugar Secreto de Otra' } }));
    expect(answer.status).toBe(201);
    const boardA = (await call('/api/dispatch/bookings')).body.bookings as { customer_phone: string }[];
    const boardB = (await apiCall(server.url, '/api/dispatch/bookings', { token: other.token })).body.bookings as { customer_phone: string }[];
    expect(boardA.some((b) => b.customer_phone === '+56985556666')).toBe(false);
    expect(boardB.map((b) => b.customer_phone)).toContain('+56985556666');
    // A's place names mean nothing on B's page.
    const place = await server.db.selectFrom('dispatch_places').select('name').where('owner_id', '=', server.seed.ownerId).orderBy('id').executeTakeFirstOrThrow();
    expect((await ask(other.fleetCode, request({ pickup: { kind: 'lugar', name: place.name } }))).status).toBe(400);
    // Off again: B's page is gone, A's untouched.
    await switchRequests(other.token, false);
    expect((await pageOf(other.fleetCode)).status).toBe(404);
    expect((await pageOf(DEMO_FLEET_CODE)).status).toBe(200);
  });
});

describe('per address', () => {
  it('past TAXI_REQUESTS_PER_ADDRESS an hour, every request from the address is a Spanish 429, even a valid one', async () => {
    let answer = await ask(DEMO_FLEET_CODE, request());
    while (answer.status !== 429 && posts <= ADDRESS_LIMIT + 1) answer = await ask(DEMO_FLEET_CODE, { phone: 'x' });
    expect(posts).toBe(ADDRESS_LIMIT + 1);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 429, body: { error: TaxiRequestMessages.address } });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const before = await databaseFingerprint(server.db);
    expect((await ask(DEMO_FLEET_CODE, request())).status).toBe(429);
    expect(await databaseFingerprint(server.db)).toBe(before);
  });
});
