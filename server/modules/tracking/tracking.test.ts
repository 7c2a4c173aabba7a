/**
 * Seguimiento through the real server (PGlite): the link made as a taxi is assigned, the passenger's
 * view (every field of every answer checked against the allow-list), the live stream following the
 * taxi and the trip, expiry on an injected "now", revocation, the one answer to every dead token,
 * per-address limits, and a stream that hears only its own trip.
 */
import type { TrackingLink, TrackingView } from '../../../contract/tracking';
import { trackingViewSchema } from '../../../contract/tracking';
import { DISPATCH_DEFAULTS } from '../dispatch';
import { createBooking, freeDemoDrivers, moveTo, PICKUP, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { eventStream, until } from '../../tools/testing/eventStream';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { TRACKING_DEFAULTS } from './settings';
import { readTrackedTrip } from './trackingView';

let server: TestServer;
let desk: string;
const taxis: TaxiOnShift[] = [];
const LIMIT = 60;

beforeAll(async () => {
  server = await startTestServer({ dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 200 }, tracking: { ...TRACKING_DEFAULTS, requestsPerMinute: LIMIT } });
  desk = await server.login();
  const free = await freeDemoDrivers(server.db, server.seed.ownerId);
  for (let i = 0; i < 3; i += 1) taxis.push(await putOnShift(server.url, free[i], 1000 * (i + 1)));
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });
const link = async (bookingId: number): Promise<TrackingLink | null> => (await call(`/api/tracking/bookings/${bookingId}`)).body.link;
async function view(token: string) {
  const response = await fetch(`${server.url}/api/public/tracking/${token}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function assignedBooking(taxi: TaxiOnShift, overrides = {}): Promise<{ id: number; token: string }> {
  const id = await createBooking(server.url, desk, { destination: { latitude: -33.45, longitude: -70.66, label: 'Calle Secreta 123' }, ...overrides });
  expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxi.driverId } })).status).toBe(200);
  const made = await link(id);
  expect(made).not.toBeNull();
  return { id, token: made!.token };
}

/** The demo driver's and vehicle's names, to look for in answers. */
async function driverOf(taxi: TaxiOnShift) {
  return server.db
    .selectFrom('drivers as d')
    .innerJoin('vehicles as v', 'v.id', 'd.current_vehicle_id')
    .select(['d.first_name', 'd.last_name', 'd.phone', 'd.rut', 'v.plate_number'])
    .where('d.id', '=', taxi.driverId)
    .executeTakeFirstOrThrow();
}

/** Every key path in an answer, e.g. "tracking.taxi.plate". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key));
}
const ALLOWED = [
  'fleet.name', 'fleet.phone', 'state', 'pickup.latitude', 'pickup.longitude', 'pickup.label', 'taxi.plate', 'taxi.model', 'taxi.color', 'taxi',
  'driver_first_name', 'position.latitude', 'position.longitude', 'position.at', 'position', 'eta_s',
];

const openStream = (token: string) => eventStream(`${server.url}/api/public/tracking/${token}/stream`);

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length += 1;
  return length;
}
describe('the link', () => {
  it('does not exist before a taxi is assigned, and is made, random, when one is', async () => {
    const id = await createBooking(server.url, desk);
    expect(await link(id)).toBeNull();
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxis[0].driverId } })).status).toBe(200);
    try {
      const made = await link(id);
      expect(made).toMatchObject({ booking_id: id, path: `/seguimiento/${made!.token}`, revoked_at: null });
      // 18 random bytes in base64url.
      expect(made!.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      // A second read answers the same link (made once).
      expect((await link(id))!.token).toBe(made!.token);
      // The next booking's link shares nothing with this one: no counter, no id, no prefix to guess
      // from. (Asking that the token not contain the id's digits fails a third of the time for id 1.)
      const next = await assignedBooking(taxis[1]);
      try {
        expect(commonPrefixLength(next.token, made!.token)).toBeLessThan(8);
      } finally {
        await call(`/api/dispatch/bookings/${next.id}/cancel`, { json: { reason: 'Prueba' } });
      }
    } finally {
      // Frees the taxi for the next test even when an expectation above failed.
      await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
    }
  });

  it('is another fleet’s booking 404 for the desk', async () => {
    expect((await call('/api/tracking/bookings/999999')).status).toBe(404);
  });
});

describe('the passenger’s view', () => {
  it('shows En camino, the plate, the first name, the taxi and the ETA, and nothing else', async () => {
    const { id, token } = await assignedBooking(taxis[0]);
    const driver = await driverOf(taxis[0]);
    const answer = await view(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const tracking = trackingViewSchema.parse(answer.body.tracking);
    expect(tracking).toMatchObject({ state: 'en_camino', taxi: { plate: driver.plate_number }, driver_first_name: driver.first_name.split(' ')[0], pickup: PICKUP });
    expect(tracking.position).not.toBeNull();
    expect(tracking.eta_s).toBeGreaterThan(0);
    for (const path of keyPaths(answer.body.tracking)) expect(ALLOWED).toContain(path);
    const text = JSON.stringify(answer.body);
    for (const secret of [driver.last_name, driver.rut, 'Calle Secreta', 'Marta', '8765', 'Con maleta']) expect(text).not.toContain(secret);
    if (driver.phone) expect(text).not.toContain(driver.phone);
    await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });

  it('follows the taxi and the trip live, and ends with the trip', async () => {
    const { id, token } = await assignedBooking(taxis[1]);
    const stream = openStream(token);
    expect(await stream.ready).toBe(200);
    await until(() => stream.events.length >= 1, 'first view');
    const first = stream.events[0].data as TrackingView;
    // The taxi moves 400 m closer: a new position and a shorter ETA, without a second request.
    await moveTo(server.url, taxis[1].token, PICKUP.latitude + 1600 / 111_195, PICKUP.longitude);
    await until(() => stream.events.some((e) => (e.data as TrackingView).eta_s !== null && (e.data as TrackingView).eta_s! < first.eta_s!), 'a closer taxi');
    for (const step of ['arrived', 'onboard']) expect((await apiCall(server.url, `/api/driver/trips/${id}/${step}`, { token: taxis[1].token, json: {} })).status).toBe(200);
    await until(() => stream.events.some((e) => (e.data as TrackingView).state === 'a_bordo'), 'a bordo');
    const llego = stream.events.find((e) => (e.data as TrackingView).state === 'llego');
    expect(llego).toBeDefined();
    // On board: by default the position is no longer shown.
    const onBoard = stream.events.find((e) => (e.data as TrackingView).state === 'a_bordo')!.data as TrackingView;
    expect(onBoard).toMatchObject({ position: null, eta_s: null });
    expect((await apiCall(server.url, `/api/driver/trips/${id}/finish`, { token: taxis[1].token, json: {} })).status).toBe(200);
    await until(() => stream.events.some((e) => (e.data as TrackingView).state === 'finalizado'), 'finalizado');
    for (const event of stream.events) for (const path of keyPaths(event.data)) expect(ALLOWED).toContain(path);
    stream.close();

    // Expiry on an injected now: 14 minutes after the end it still answers, at 15 it is gone.
    const closed = (await server.db.selectFrom('bookings').select('closed_at').where('id', '=', id).executeTakeFirstOrThrow()).closed_at!;
    const at = (minutes: number) => ({ now: new Date(closed.getTime() + minutes * 60_000), expiryMinutes: 15, eta: DISPATCH_DEFAULTS });
    expect((await readTrackedTrip(server.db, token, at(14)))?.view.state).toBe('finalizado');
    expect(await readTrackedTrip(server.db, token, at(15))).toBeNull();
  });

  it('answers an unknown, a malformed, a revoked and a cancelled trip’s token the same way', async () => {
    const revoked = await assignedBooking(taxis[2]);
    const stream = openStream(revoked.token);
    expect(await stream.ready).toBe(200);
    const revokedLink = (await call(`/api/tracking/bookings/${revoked.id}/revoke`, { json: {} })).body.link as TrackingLink;
    expect(revokedLink.revoked_at).not.toBeNull();
    // The open page hears it at once.
    await until(() => stream.events.some((e) => e.event === 'gone'), 'gone after revoke');
    await call(`/api/dispatch/bookings/${revoked.id}/cancel`, { json: { reason: 'Prueba' } });
    const cancelled = await assignedBooking(taxis[2]);
    await call(`/api/dispatch/bookings/${cancelled.id}/cancel`, { json: { reason: 'Prueba' } });
    const answers = await Promise.all([revoked.token, cancelled.token, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'x', `${revoked.token}a`].map(view));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Este viaje terminó' });
    }
    const streamAnswer = await fetch(`${server.url}/api/public/tracking/${revoked.token}/stream`);
    expect(streamAnswer.status).toBe(404);
    expect(await streamAnswer.json()).toEqual({ error: 'Este viaje terminó' });
  });

  it('keeps a stream to its own trip: another booking’s changes and taxis never reach it, and it accepts nothing', async () => {
    const mine = await assignedBooking(taxis[0]);
    const stream = openStream(mine.token);
    expect(await stream.ready).toBe(200);
    await until(() => stream.events.length >= 1, 'first view');
    const plate = (stream.events[0].data as TrackingView).taxi!.plate;
    const other = await assignedBooking(taxis[2]);
    await moveTo(server.url, taxis[2].token, PICKUP.latitude + 500 / 111_195, PICKUP.longitude);
    await apiCall(server.url, `/api/driver/trips/${other.id}/arrived`, { token: taxis[2].token, json: {} });
    // Writing to the public routes changes nothing: there is no such route.
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const answer = await fetch(`${server.url}/api/public/tracking/${mine.token}/stream`, { method, body: '{}', headers: { 'content-type': 'application/json' } });
      expect(answer.status).toBe(404);
    }
    await moveTo(server.url, taxis[0].token, PICKUP.latitude + 700 / 111_195, PICKUP.longitude);
    await until(() => stream.events.length >= 2, 'my own taxi moving');
    for (const event of stream.events) expect((event.data as TrackingView).taxi!.plate).toBe(plate);
    expect(stream.events.every((e) => (e.data as TrackingView).state === 'en_camino')).toBe(true);
    stream.close();
    for (const id of [mine.id, other.id]) await call(`/api/dispatch/bookings/${id}/cancel`, { json: { reason: 'Prueba' } });
  });
});

describe('guessing tokens', () => {
  it('meets the per-address limit: a Spanish 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 5; i += 1) answers.push(await view(`guess${String(i).padStart(19, '0')}`));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0].body.error).toBe('Demasiadas solicitudes desde esta dirección. Espera un minuto e intenta nuevamente.');
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the fleet’s settings', () => {
  it('lets the Dueño set the phone the page shows, and refuses a bad one in Spanish', async () => {
    const bad = await call('/api/tracking/settings', { method: 'PUT', json: { phone: 'llámame', position_after_boarding: true } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { phone: 'El teléfono solo puede tener números, espacios y +' } } });
    const saved = await call('/api/tracking/settings', { method: 'PUT', json: { phone: '+56 2 2345 6789', position_after_boarding: false } });
    expect(saved.body.settings).toEqual({ phone: '+56 2 2345 6789', position_after_boarding: false, requests_enabled: false, requests_auto_offer: true, requests_path: '/pedir/LIGUA1' });
    expect((await call('/api/tracking/settings')).body.settings.phone).toBe('+56 2 2345 6789');
  });
});
