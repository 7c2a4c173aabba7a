/**
 * Tenancy matrix, generated from the routes Fastify registered (onRoute), so a new route is covered
 * without editing this file. Routes are classified by the one access table (built from each route's declared rule): public,
 * driver, or the owner's desk (its role dimension is in modules/identity/accessRules.test.ts).
 * Owner B aims at owner A's ids everywhere (path, query and body), tokens of the wrong kind are
 * refused, and the driver-identity attack (oracle, lockout, takeover) gets nowhere. After each,
 * nothing of A's has changed and no answer to B carried anything of A's.
 */
import { formatRut } from '../contract/rut';
import { SocketEvent } from '../contract/socket';
import { isApiUrl } from './modules/identity/accessRules';
import { DEMO_FLEET_CODE, DEMO_PASSWORD } from './tools/seed/demoFleet';
import { DEFAULT_LIMITS } from './platform/edge/loginThrottle';
import { apiClient } from './tools/testing/apiClient';
import { ownerChecksum } from './tools/testing/dbSnapshot';
import { driverBody, validRut } from './tools/testing/fleetFixtures';
import { driverLogin } from './tools/testing/http';
import { openOwnerSocket } from './tools/testing/ownerSocket';
import { SECOND_OWNER, createSecondOwner, startTestServer, type TestServer } from './tools/testing/testServer';

type Kind = 'public' | 'driver' | 'owner' | 'outside';

/** The kind of caller a route is for, from the one access table (built from the routes' declarations). */
function routeKind(url: string, method = 'GET'): Kind {
  if (!isApiUrl(url)) return 'outside';
  const rule = server.access.rule(method, url) ?? [];
  if (rule.includes('public')) return 'public';
  if (rule.includes('driver')) return 'driver';
  return 'owner';
}

let server: TestServer;
let call: ReturnType<typeof apiClient>;
const a = { zoneId: 0, ruleId: 0, alertId: 0, documentId: 0, blockedPhoneId: 0, ownerId: 0, driverId: 0, driverRut: '', vehicleId: 0, shiftId: 0, ownerToken: '', driverToken: '', plates: [] as string[], ruts: [] as string[] };
const b = { ownerId: 0, fleetCode: '', ownerToken: '', driverToken: '', driverId: 0, vehicleId: 0 };

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  const second = await createSecondOwner(server.db);
  // B's driver starts with no shift, so its shift routes really get to check A's ids.
  await server.db.updateTable('shifts').set({ end_time: new Date() }).where('owner_id', '=', second.ownerId).execute();
  Object.assign(b, { ownerId: second.ownerId, fleetCode: second.fleetCode, driverId: second.driverId, vehicleId: second.vehicleId });
  b.ownerToken = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
  b.driverToken = (await driverLogin(server.url, SECOND_OWNER.driverRut, SECOND_OWNER.password, second.fleetCode)).token;

  a.ownerId = server.seed.ownerId;
  a.ownerToken = await server.login();
  const shift = await server.db
    .selectFrom('shifts as s')
    .innerJoin('drivers as d', 'd.id', 's.driver_id')
    .select(['s.id', 's.driver_id', 's.vehicle_id', 'd.rut'])
    .where('s.owner_id', '=', a.ownerId)
    .where('s.end_time', 'is', null)
    .where('s.vehicle_id', 'is not', null)
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  Object.assign(a, { shiftId: shift.id, driverId: shift.driver_id, driverRut: shift.rut, vehicleId: shift.vehicle_id });
  a.driverToken = (await driverLogin(server.url, shift.rut)).token;
  a.plates = (await server.db.selectFrom('vehicles').select('plate_number').where('owner_id', '=', a.ownerId).execute()).map((v) => v.plate_number);
  a.ruts = (await server.db.selectFrom('drivers').select('rut').where('owner_id', '=', a.ownerId).execute()).map((d) => d.rut);
  // Alertas: one zone, rule and alert of A's for B to aim at (A's rules are made first, so B's own are other ids).
  a.ruleId = (await call('/api/alert-rules', { token: a.ownerToken })).body.rules[0].id;
  const square = { type: 'Polygon', coordinates: [[[-71.3, -32.5], [-71.29, -32.5], [-71.29, -32.49], [-71.3, -32.5]]] };
  a.zoneId = (await call('/api/zones', { method: 'POST', token: a.ownerToken, json: { name: 'Zona de A', kind: 'otra', color: '#112233', geometry: square } })).body.zone.id;
  const alert = await server.db
    .insertInto('alerts')
    .values({ owner_id: a.ownerId, kind: 'sos', episode_key: 'tenancy:a', occurred_at: new Date(), title: 'SOS de A', detail: null, shift_id: null, driver_id: null, driver_name: null, driver_phone: null, vehicle_id: null, vehicle_plate: null, zone_id: null, zone_name: null, latitude: null, longitude: null, speed_kmh: null, desk: true, email_to: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  a.alertId = alert.id;
  // Pedir un taxi: a number A's desk blocked, for B to aim at (made first, so B's own entries are other ids).
  a.blockedPhoneId = (await call('/api/tracking/blocked-phones', { method: 'POST', token: a.ownerToken, json: { phone: '+56 9 7777 0001' } })).body.phone.id;
  // Vencimientos: a document of A's taxi, with its scanned file, for B to aim at.
  const document = await call('/api/documents', { method: 'POST', token: a.ownerToken, json: { vehicle_id: a.vehicleId, kind: 'soap', number: 'SOAP-A', expires_on: '2027-03-31' } });
  a.documentId = document.body.document.id;
  const filed = await call(`/api/documents/${a.documentId}/file`, { method: 'PUT', token: a.ownerToken, raw: { body: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' } });
  expect(filed.status).toBe(200);
}, 60_000);
afterAll(() => server.close());

const apiRoutes = () => server.routes.filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD' && route.method !== 'OPTIONS');

/** A's ids for a path parameter, by the resource named before it; every kind when unknown. */
function idsFor(resource: string): number[] {
  const known: Record<string, number> = { drivers: a.driverId, vehicles: a.vehicleId, shifts: a.shiftId, owners: a.ownerId, zones: a.zoneId, 'alert-rules': a.ruleId, alerts: a.alertId, documents: a.documentId, 'blocked-phones': a.blockedPhoneId };
  return resource in known ? [known[resource]] : [a.driverId, a.vehicleId, a.shiftId, a.ownerId];
}

/** Every concrete URL for a route with A's ids in its path and query. */
function urlsAimedAtA(url: string): string[] {
  let urls = [url];
  const segments = url.split('/');
  segments.forEach((segment, i) => {
    if (!segment.startsWith(':')) return;
    urls = urls.flatMap((u) => idsFor(segments[i - 1]).map((id) => u.replace(segment, String(id))));
  });
  const query = `driver_id=${a.driverId}&vehicle_id=${a.vehicleId}&shift_id=${a.shiftId}&owner_id=${a.ownerId}`;
  return urls.map((u) => `${u}?${query}`);
}

/** A body that names A's things wherever a body may name something, on fields any route might read. */
function bodyAimedAtA(): Record<string, unknown> {
  return {
    ...driverBody(validRut(45_000_001)),
    plate_number: 'QQ1234',
    current_vehicle_id: a.vehicleId,
    vehicle_id: a.vehicleId,
    driver_id: a.driverId,
    shift_id: a.shiftId,
    owner_id: a.ownerId,
    locations: [{ latitude: -32.45, longitude: -71.22, timestamp: new Date().toISOString() }],
  };
}

/** Rows of one owner that point at another owner's driver or vehicle (a write that used B's body ids). */
async function crossOwnerReferences() {
  const shifts = await server.db
    .selectFrom('shifts as s')
    .leftJoin('drivers as d', 'd.id', 's.driver_id')
    .leftJoin('vehicles as v', 'v.id', 's.vehicle_id')
    .select(['s.id'])
    .where((eb) => eb.or([eb('d.owner_id', '<>', eb.ref('s.owner_id')), eb('v.owner_id', '<>', eb.ref('s.owner_id'))]))
    .execute();
  const drivers = await server.db
    .selectFrom('drivers as d')
    .innerJoin('vehicles as v', 'v.id', 'd.current_vehicle_id')
    .select(['d.id'])
    .whereRef('v.owner_id', '<>', 'd.owner_id')
    .execute();
  return [...shifts.map((row) => `shift ${row.id}`), ...drivers.map((row) => `driver ${row.id}`)];
}

/** True when the answer names one of A's plates or RUTs (a JSON value, or a cell of a CSV file). */
function leaksA(body: unknown): boolean {
  if (typeof body === 'string') {
    const cells = new Set(body.split(/[;\r\n]/));
    return [...a.plates, ...a.ruts, ...a.ruts.map(formatRut)].some((marker) => cells.has(marker));
  }
  const text = JSON.stringify(body ?? null);
  return [...a.plates, ...a.ruts].some((marker) => text.includes(`"${marker}"`));
}

describe('the route table', () => {
  it('is read from Fastify and holds owner, driver and public routes', () => {
    const kinds = new Set(apiRoutes().map((route) => routeKind(route.url, route.method)));
    expect([...kinds].sort()).toEqual(['driver', 'owner', 'public']);
    expect(apiRoutes().length).toBeGreaterThanOrEqual(14);
  });
});

// Every route × A's ids: ~60 routes since despacho, more than Jest's 5 s on a busy machine.
describe('owner B on owner A’s ids, on every route', () => {
  it('is refused or answered with B’s own data, and nothing of A’s changes', async () => {
    const before = await ownerChecksum(server.db, a.ownerId);
    const tried: string[] = [];
    for (const route of apiRoutes()) {
      const kind = routeKind(route.url, route.method);
      if (kind === 'public') continue;
      const token = kind === 'owner' ? b.ownerToken : b.driverToken;
      for (const url of urlsAimedAtA(route.url)) {
        const options = { method: route.method, token, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: bodyAimedAtA() }) };
        const answer = await call(url, options);
        tried.push(`${route.method} ${url} → ${answer.status}`);
        expect({ route: `${route.method} ${url}`, status: answer.status < 500, leaks: leaksA(answer.body) }).toEqual({ route: `${route.method} ${url}`, status: true, leaks: false });
        // An answer that names one of A's ids as found would be a leak: ids in the path must 404.
        // (Only where the path takes an id: by-phone's "1" is no phone, a Spanish 400.)
        const takesId = /:(id|\w+Id)\b/.test(route.url);
        const aId = [a.driverId, a.vehicleId, a.shiftId, a.zoneId, a.ruleId, a.alertId, a.documentId, a.blockedPhoneId].find((id) => url.includes(`/${id}?`) || url.includes(`/${id}/`));
        if (takesId && aId !== undefined && answer.status !== 404) {
          // A body the route's schema refuses is answered before any row is looked up: then A's id
          // must get the very answer an id that names nothing gets (a 400 about the body alone).
          const ghost = await call(url.replace(new RegExp(`/${aId}(?=[/?])`), '/2000000000'), options);
          expect({ route: `${route.method} ${url}`, status: answer.status, body: answer.body }).toEqual({ route: `${route.method} ${url}`, status: 400, body: ghost.body });
          expect(ghost.status).toBe(400);
        }
      }
    }
    if (process.env.SHOW_TRIED) console.info(tried.join('\n'));
    expect(tried.length).toBeGreaterThan(10);
    expect(await ownerChecksum(server.db, a.ownerId)).toBe(before);
    expect(await crossOwnerReferences()).toEqual([]);
  }, 120_000);
});

describe('the passenger’s tracking links (public, by token)', () => {
  const bookingOf = async (ownerId: number, driverId: number, vehicleId: number) =>
    (
      await server.db
        .insertInto('bookings')
        .values({ owner_id: ownerId, status: 'asignado', customer_phone: '+56911112222', pickup_latitude: -33.44, pickup_longitude: -70.65, driver_id: driverId, vehicle_id: vehicleId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('a token of fleet B answers B’s trip only; A’s ids and a link forged across fleets answer the one 404', async () => {
    const bBooking = await bookingOf(b.ownerId, b.driverId, b.vehicleId);
    const aBooking = await bookingOf(a.ownerId, a.driverId, a.vehicleId);
    await server.db.insertInto('tracking_links').values({ booking_id: bBooking, owner_id: b.ownerId, token: 'BBBBBBBBBBBBBBBBBBBBBBBB' }).execute();
    // A row pointing at A's booking under B's fleet (never made by the server): still nothing of A's.
    await server.db.insertInto('tracking_links').values({ booking_id: aBooking, owner_id: b.ownerId, token: 'XXXXXXXXXXXXXXXXXXXXXXXX' }).execute();
    const ofB = await call(`/api/public/tracking/BBBBBBBBBBBBBBBBBBBBBBBB?owner_id=${a.ownerId}&driver_id=${a.driverId}`);
    expect(ofB.status).toBe(200);
    expect(ofB.body.tracking).toMatchObject({ fleet: { name: 'Radiotaxis Otra' }, taxi: { plate: SECOND_OWNER.plate }, driver_first_name: SECOND_OWNER.driverFirstName });
    expect(leaksA(ofB.body)).toBe(false);
    const publicRoutes = apiRoutes().filter((route) => route.url.startsWith('/api/public/tracking/'));
    expect(publicRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of publicRoutes) {
      for (const token of ['XXXXXXXXXXXXXXXXXXXXXXXX', String(aBooking), String(a.ownerId), String(a.driverId)]) {
        const answer = await call(route.url.replace(':token', token), { method: route.method });
        expect({ route: `${route.method} ${route.url} ${token}`, answer }).toEqual({ route: `${route.method} ${route.url} ${token}`, answer: { status: 404, body: { error: 'Este viaje terminó' } } });
      }
    }
    await server.db.deleteFrom('bookings').where('id', 'in', [aBooking, bBooking]).execute();
  });
});

describe('the Pedir un taxi page (public, by fleet code)', () => {
  it('B’s code answers B’s fleet only; A’s page while off, A’s ids and nonsense answer the one 404; a request to B lands on B only', async () => {
    await call('/api/tracking/settings', { method: 'PUT', token: b.ownerToken, json: { phone: null, position_after_boarding: false, requests_enabled: true } });
    const ofB = await call(`/api/public/requests/${b.fleetCode}?owner_id=${a.ownerId}`);
    expect(ofB).toMatchObject({ status: 200, body: { page: { fleet: { name: 'Radiotaxis Otra' } } } });
    expect(leaksA(ofB.body)).toBe(false);
    const aPlaces = (await server.db.selectFrom('dispatch_places').select('name').where('owner_id', '=', a.ownerId).execute()).map((p) => p.name);
    expect(ofB.body.page.places.filter((name: string) => aPlaces.includes(name))).toEqual([]);
    const requestRoutes = apiRoutes().filter((route) => route.url.startsWith('/api/public/requests/'));
    expect(requestRoutes.map((route) => route.method).sort()).toEqual(['GET', 'POST']);
    for (const route of requestRoutes) {
      // A's page is off (the default): its real code answers like a code that does not exist.
      for (const code of [DEMO_FLEET_CODE, String(a.ownerId), String(a.driverId), 'XXXXXX']) {
        const answer = await call(route.url.replace(':fleetCode', code), { method: route.method, ...(route.method === 'POST' ? { json: bodyAimedAtA() } : {}) });
        expect({ route: `${route.method} ${code}`, answer }).toEqual({ route: `${route.method} ${code}`, answer: { status: 404, body: { error: 'Esta página de pedidos no existe o no está activa' } } });
      }
    }
    const before = await ownerChecksum(server.db, a.ownerId);
    const made = await call(`/api/public/requests/${b.fleetCode}`, { method: 'POST', json: { phone: '+56 9 7777 0002', name: 'Pasajero', pickup: { kind: 'ubicacion', latitude: -32.45, longitude: -71.23 }, owner_id: a.ownerId } });
    expect(made.status).toBe(201);
    expect(await ownerChecksum(server.db, a.ownerId)).toBe(before);
    const booking = await server.db.selectFrom('bookings').select(['owner_id', 'origin']).where('customer_phone', '=', '+56977770002').executeTakeFirstOrThrow();
    expect(booking).toEqual({ owner_id: b.ownerId, origin: 'web' });
  });
});

describe('the history export', () => {
  it('carries only the caller’s fleet: B’s file has B’s shift and none of A’s, A’s has A’s', async () => {
    const ofB = await call('/api/shifts/history.csv', { token: b.ownerToken });
    expect(ofB.status).toBe(200);
    expect(ofB.body).toContain(SECOND_OWNER.driverFirstName);
    expect(leaksA(ofB.body)).toBe(false);
    // The detector sees A's rows when they are there.
    const ofA = await call('/api/shifts/history.csv', { token: a.ownerToken });
    expect(leaksA(ofA.body)).toBe(true);
  });
});

describe('tokens of the wrong kind, or none', () => {
  it('owner routes refuse driver tokens, driver routes refuse owner tokens, both refuse no token', async () => {
    const before = await ownerChecksum(server.db, a.ownerId);
    for (const route of apiRoutes()) {
      const kind = routeKind(route.url, route.method);
      if (kind === 'public' || kind === 'outside') continue;
      const wrong = kind === 'owner' ? a.driverToken : a.ownerToken;
      for (const url of urlsAimedAtA(route.url)) {
        for (const token of [wrong, undefined]) {
          const options = { method: route.method, token, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: bodyAimedAtA() }) };
        const answer = await call(url, options);
          expect({ route: `${route.method} ${url}`, token: token ? 'wrong kind' : 'none', answer }).toEqual({
            route: `${route.method} ${url}`,
            token: token ? 'wrong kind' : 'none',
            answer: { status: 401, body: { error: 'Sesión expirada. Ingresa nuevamente.' } },
          });
        }
      }
    }
    expect(await ownerChecksum(server.db, a.ownerId)).toBe(before);
  }, 120_000);
});

describe('socket events', () => {
  it('owner B cannot join A’s room nor hear A’s taxis; a driver’s socket joins no fleet room', async () => {
    const socketB = await openOwnerSocket(server.url, { token: b.ownerToken });
    const socketA = await openOwnerSocket(server.url, { token: a.ownerToken });
    const driverB = await openOwnerSocket(server.url, { token: b.driverToken });
    try {
      expect(await socketB.join(a.ownerId)).toEqual({ ok: false, error: 'Sala no permitida' });
      expect(await socketB.join(b.ownerId)).toEqual({ ok: true });
      expect(await socketA.join(a.ownerId)).toEqual({ ok: true });
      expect(await driverB.join(a.ownerId)).toEqual({ ok: false, error: 'Sala no permitida' });
      const timestamp = new Date().toISOString();
      const posted = await call('/api/driver/locations', { method: 'POST', token: a.driverToken, json: { locations: [{ latitude: -32.44, longitude: -71.23, timestamp }] } });
      expect(posted.status).toBe(202);
      await socketA.waitFor((event) => event.event === SocketEvent.locationUpdate);
      expect(socketB.events).toEqual([]);
      expect(driverB.events).toEqual([]);
    } finally {
      socketA.close();
      socketB.close();
      driverB.close();
    }
  });
});

describe('the driver-identity attack', () => {
  const driverLoginAs = (fleet_code: string, rut: string, password: string) => call('/api/driver/login', { method: 'POST', json: { fleet_code, rut, password } });

  it('gives owner B no oracle, no lockout and no takeover of A’s driver', async () => {
    const before = await ownerChecksum(server.db, a.ownerId);
    // B copies A's driver's RUT into its own fleet (allowed: one person may drive for two fleets).
    const created = await call('/api/drivers', { method: 'POST', token: b.ownerToken, json: driverBody(a.driverRut, { password: 'adivina-1234' }) });
    expect(created.status).toBe(201);
    const copyId = created.body.driver.id as number;

    // Oracle: B's login within its fleet answers for B's copy alone, whatever A's password is.
    for (const guess of ['adivina-1234', DEMO_PASSWORD]) {
      const put = await call(`/api/drivers/${copyId}`, { method: 'PUT', token: b.ownerToken, json: driverBody(a.driverRut, { password: guess }) });
      expect(put.status).toBe(200);
      const login = await driverLoginAs(b.fleetCode, a.driverRut, guess);
      expect(login.status).toBe(200);
      expect(login.body.driver.id).toBe(copyId);
    }

    // Lockout: B's failures on its copy hold back its copy only; A's driver still signs in.
    for (let i = 0; i < DEFAULT_LIMITS.perAddressAndAccount.max + 2; i += 1) {
      expect([401, 429]).toContain((await driverLoginAs(b.fleetCode, a.driverRut, 'mala-clave')).status);
    }
    expect((await driverLoginAs(b.fleetCode, a.driverRut, DEMO_PASSWORD)).status).toBe(429);
    const own = await driverLoginAs(DEMO_FLEET_CODE, a.driverRut, DEMO_PASSWORD);
    expect(own.status).toBe(200);
    expect(own.body.driver.id).toBe(a.driverId);

    // Takeover: once B deletes its copy, B's fleet has nobody with that RUT; nothing reaches A's account.
    expect((await call(`/api/drivers/${copyId}`, { method: 'DELETE', token: b.ownerToken })).status).toBe(200);
    const after = await driverLoginAs(b.fleetCode, a.driverRut.slice(0, -1), DEMO_PASSWORD);
    expect([401, 429]).toContain(after.status);
    expect(after.body.token).toBeUndefined();

    // A login names its fleet: without a code there is no guessing across fleets at all.
    expect(await call('/api/driver/login', { method: 'POST', json: { rut: a.driverRut, password: DEMO_PASSWORD } })).toEqual({
      status: 400,
      body: { error: 'Ingresa el código de la flota', fields: { fleet_code: 'Ingresa el código de la flota' } },
    });
    expect(await ownerChecksum(server.db, a.ownerId)).toBe(before);
  });
});
