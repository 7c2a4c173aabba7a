/**
 * Seguimiento on a real PostgreSQL server (CI's is 15; PGlite runs 18): the link made as a taxi is
 * assigned, the view, expiry on an injected now, revocation's one 404, and the per-address limit
 * counted in PostgreSQL (the counters every process shares); a "Pedir un taxi" request made into a
 * web booking, its open-request and per-address limits.
 * Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import { DISPATCH_DEFAULTS } from '../dispatch';
import { createBooking, freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { TRACKING_DEFAULTS } from './settings';
import { readTrackedTrip } from './trackingView';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('postgresTracking.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;
const LIMIT = 20;

describeWithPostgres('tracking links on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let server: TestServer;
  let desk: string;
  let taxi: TaxiOnShift;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_tracking');
    server = await startTestServer({ databaseUrl: scratch.url, dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 60_000 }, tracking: { ...TRACKING_DEFAULTS, requestsPerMinute: LIMIT, requestsPerAddressPerHour: 3 } });
    desk = await server.login();
    taxi = await putOnShift(server.url, (await freeDemoDrivers(server.db, server.seed.ownerId))[0], 500);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });

  it('makes the link as the taxi is assigned, shows the trip, expires it 15 minutes after the end and answers a revoked one with the one 404', async () => {
    const id = await createBooking(server.url, desk);
    expect((await call(`/api/dispatch/bookings/${id}/assign`, { json: { driver_id: taxi.driverId } })).status).toBe(200);
    const { token } = (await call(`/api/tracking/bookings/${id}`)).body.link as { token: string };
    const view = await apiCall(server.url, `/api/public/tracking/${token}`);
    expect(view).toMatchObject({ status: 200, body: { tracking: { state: 'en_camino', position: { latitude: expect.any(Number) } } } });
    for (const step of ['arrived', 'onboard', 'finish']) expect((await apiCall(server.url, `/api/driver/trips/${id}/${step}`, { token: taxi.token, json: {} })).status).toBe(200);
    const closed = (await server.db.selectFrom('bookings').select('closed_at').where('id', '=', id).executeTakeFirstOrThrow()).closed_at!;
    const at = (minutes: number) => ({ now: new Date(closed.getTime() + minutes * 60_000), expiryMinutes: 15, eta: DISPATCH_DEFAULTS });
    expect((await readTrackedTrip(server.db, token, at(14)))?.view.state).toBe('finalizado');
    expect(await readTrackedTrip(server.db, token, at(15))).toBeNull();
    expect((await call(`/api/tracking/bookings/${id}/revoke`, { json: {} })).status).toBe(200);
    expect(await apiCall(server.url, `/api/public/tracking/${token}`)).toEqual({ status: 404, body: { error: 'Este viaje terminó' } });
  }, 60_000);

  it('limits guesses per address with counters in PostgreSQL', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i += 1) statuses.push((await apiCall(server.url, `/api/public/tracking/guess${String(i).padStart(19, '0')}`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  }, 60_000);

  it('Pedir un taxi: a request becomes a web booking in Buscando taxi, one open per number, and the address limit counted in PostgreSQL', async () => {
    expect((await call('/api/tracking/settings', { method: 'PUT', json: { phone: null, position_after_boarding: false, requests_enabled: true, requests_auto_offer: false } })).status).toBe(200);
    const code = (await call('/api/tracking/settings')).body.settings.requests_path.split('/')[2] as string;
    const body = { phone: '+56 9 6555 1234', name: 'Ana Web', pickup: { kind: 'ubicacion', latitude: -33.43, longitude: -70.65 } };
    const made = await apiCall(server.url, `/api/public/requests/${code}`, { json: body });
    expect(made.status).toBe(201);
    // Read straight (the guesses above used up this address's tracking requests).
    expect((await readTrackedTrip(server.db, made.body.token, { now: new Date(), expiryMinutes: 15, eta: DISPATCH_DEFAULTS }))?.view.state).toBe('buscando');
    expect(await server.db.selectFrom('bookings').select(['origin', 'status']).where('customer_phone', '=', '+56965551234').execute()).toEqual([{ origin: 'web', status: 'pendiente' }]);
    // The address's 2nd and 3rd requests (of 3 an hour here) meet the open request; the 4th the address limit.
    for (let i = 0; i < 2; i += 1) expect((await apiCall(server.url, `/api/public/requests/${code}`, { json: body })).status).toBe(409);
    expect((await apiCall(server.url, `/api/public/requests/${code}`, { json: body })).status).toBe(429);
  }, 60_000);
});
