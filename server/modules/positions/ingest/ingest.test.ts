/**
 * The ingest pipeline as phones and owners see it, on the real server with the embedded database:
 * readings stored and published, a retried batch stored once, a point from the future never
 * freezing a taxi, the per-shift cap, the driver cache following deletes, deactivations, password
 * resets and shift changes at once, and the batched socket event only for sockets that ask for it.
 */
import { sql } from 'kysely';
import { MAX_TRAIL_POINTS } from '../../../../contract/api';
import type { LocationUpdate } from '../../../../contract/entities';
import type { LocationBatchPayload } from '../../../../contract/socket';
import { setDriverActive } from '../../drivers';
import { createOnShiftFleet, type OnShiftFleet } from '../../../tools/testing/bulkFleet';
import { apiCall, driverLogin } from '../../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../../tools/testing/ownerSocket';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../../../tools/testing/testServer';
import { IngestMessages } from './ingest';

const CAP = 120;
let server: TestServer;
let fleet: OnShiftFleet;
let ownerToken: string;
const sockets: OwnerSocket[] = [];
let nextDriver = 0;

beforeAll(async () => {
  server = await startTestServer({ ingestPointsPerMinute: CAP });
  fleet = await createOnShiftFleet(server.db, { drivers: 12, jwtSecret: TEST_JWT_SECRET });
  ownerToken = await server.login(fleet.ownerRut, fleet.password);
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

const take = () => fleet.drivers[nextDriver++];
const at = (ms: number) => new Date(ms).toISOString();
const send = (token: string, locations: Record<string, unknown>[]) => apiCall(server.url, '/api/driver/locations', { token, json: { locations } });
const trail = (shiftId: number, query = '') => apiCall(server.url, `/api/shifts/${shiftId}/locations${query}`, { token: ownerToken });
const activeShift = async (shiftId: number) =>
  (await apiCall(server.url, '/api/shifts/active', { token: ownerToken })).body.shifts.find((s: { id: number }) => s.id === shiftId);

async function ownerSocket(auth: Record<string, unknown>): Promise<OwnerSocket> {
  const socket = await openOwnerSocket(server.url, auth);
  sockets.push(socket);
  expect(await socket.join(fleet.ownerId)).toEqual({ ok: true });
  return socket;
}

describe('points', () => {
  it('stores and publishes the optional readings (speed, heading, accuracy, battery)', async () => {
    const driver = take();
    const socket = await ownerSocket({ token: ownerToken });
    const t = Date.now();
    const reading = { latitude: -33.44, longitude: -70.65, timestamp: at(t), speed: 12.5, heading: 270, accuracy: 8, battery: 77 };
    expect(await send(driver.token, [reading])).toEqual({ status: 202, body: { accepted: 1 } });
    const event = await socket.waitFor((e) => e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === driver.shiftId);
    expect(event.payload).toEqual({ shift_id: driver.shiftId, ...reading });
    expect((await trail(driver.shiftId)).body.locations).toEqual([reading]);
  });

  it('stores a retried batch once (same shift and timestamp)', async () => {
    const driver = take();
    const t = Date.now();
    // At the stored precision (1e-6°, storedPrecision.ts), so what comes back is what was sent.
    const batch = [0, 1, 2].map((i) => ({ latitude: (-33_440_000 - i * 1000) / 1e6, longitude: -70.65, timestamp: at(t - 3000 + i * 1000) }));
    expect(await send(driver.token, batch)).toEqual({ status: 202, body: { accepted: 3 } });
    expect(await send(driver.token, batch)).toEqual({ status: 202, body: { accepted: 3 } });
    expect(await send(driver.token, [batch[1], batch[1]])).toEqual({ status: 202, body: { accepted: 2 } });
    expect((await trail(driver.shiftId)).body).toMatchObject({ locations: batch, total: 3 });
  });

  it('does not let a point from the future freeze the taxi', async () => {
    const driver = take();
    const now = Date.now();
    // 110 s ahead: within the 2-minute tolerance, so stored with its own time...
    expect((await send(driver.token, [{ latitude: -33.5, longitude: -70.5, timestamp: at(now + 110_000) }])).status).toBe(202);
    expect(await activeShift(driver.shiftId)).toMatchObject({ latitude: -33.5, longitude: -70.5 });
    // ...but a point timed 15 s after its arrival (past the 10 s hold) moves the taxi again.
    expect((await send(driver.token, [{ latitude: -33.45, longitude: -70.66, timestamp: at(now + 15_000) }])).status).toBe(202);
    expect(await activeShift(driver.shiftId)).toMatchObject({ latitude: -33.45, longitude: -70.66, last_location_time: at(now + 15_000) });
  });

  it('refuses a flooding shift with 429 in Spanish, saying when to retry, while another driver is still answered', async () => {
    const flooder = take();
    const other = take();
    const t = Date.now() - 30_000;
    const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ latitude: -33.4, longitude: -70.6, timestamp: at(t + (from + i) * 100) }));
    expect(await send(flooder.token, batch(0, CAP))).toEqual({ status: 202, body: { accepted: CAP } });
    const refused = await fetch(`${server.url}/api/driver/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${flooder.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ locations: batch(CAP, 10) }),
    });
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 429, body: { error: IngestMessages.tooManyPoints } });
    // 10 points at 120 a minute: back in 5 s at most.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    expect(await send(other.token, batch(0, 1))).toEqual({ status: 202, body: { accepted: 1 } });
    expect(Number((await trail(flooder.shiftId)).body.total)).toBe(CAP);
  });
});

describe('driver cache', () => {
  it('refuses a deleted driver at once (after the shift ends)', async () => {
    const driver = take();
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now()) }])).status).toBe(202);
    expect((await apiCall(server.url, '/api/driver/shifts/end', { token: driver.token, json: {} })).status).toBe(200);
    expect((await apiCall(server.url, `/api/drivers/${driver.id}`, { token: ownerToken, method: 'DELETE' })).status).toBe(200);
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now()) }])).status).toBe(401);
  });

  it('refuses a deactivated driver at once', async () => {
    const driver = take();
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now()) }])).status).toBe(202);
    await setDriverActive(server.db, fleet.ownerId, driver.id, false);
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now() + 1) }])).status).toBe(401);
  });

  it('ends existing tokens on a password reset; a new login works', async () => {
    const driver = take();
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now()) }])).status).toBe(202);
    const reset = await apiCall(server.url, `/api/drivers/${driver.id}`, {
      token: ownerToken,
      method: 'PUT',
      json: { first_name: 'Conductor', last_name: 'Carga', password: 'nueva-clave-456' },
    });
    expect(reset.status).toBe(200);
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now() + 1) }])).status).toBe(401);
    const { token } = await driverLogin(server.url, driver.rut, 'nueva-clave-456', fleet.fleetCode);
    expect((await send(token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now() + 2) }])).status).toBe(202);
  });

  it('sends the points of a shift ended and started again to the new shift', async () => {
    const driver = take();
    expect((await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now()) }])).status).toBe(202);
    expect((await apiCall(server.url, '/api/driver/shifts/end', { token: driver.token, json: {} })).status).toBe(200);
    expect(await send(driver.token, [{ latitude: -33.4, longitude: -70.6, timestamp: at(Date.now()) }])).toEqual({
      status: 409,
      body: { error: IngestMessages.noActiveShift },
    });
    const started = await apiCall(server.url, '/api/driver/shifts/start', { token: driver.token, json: {} });
    expect(started.status).toBe(200);
    const point = { latitude: -33.41, longitude: -70.61, timestamp: at(Date.now() + 5) };
    expect((await send(driver.token, [point])).status).toBe(202);
    expect((await trail(started.body.shift.id)).body.locations).toEqual([point]);
    expect((await trail(driver.shiftId)).body.total).toBe(1);
  });
});

describe('sockets', () => {
  it('sends location_batch to sockets that opt in and location_update to the others', async () => {
    const spec = await ownerSocket({ token: ownerToken });
    const batched = await ownerSocket({ token: ownerToken, batch: true });
    const [a, b] = [take(), take()];
    const t = Date.now();
    await Promise.all([
      send(a.token, [{ latitude: -33.1, longitude: -70.1, timestamp: at(t) }]),
      send(b.token, [{ latitude: -33.2, longitude: -70.2, timestamp: at(t) }]),
    ]);
    const shifts = [a.shiftId, b.shiftId];
    const isOurs = (u: LocationUpdate) => shifts.includes(u.shift_id);
    await spec.waitFor((e) => e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === b.shiftId);
    await spec.waitFor((e) => e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === a.shiftId);
    const batchUpdates = async () =>
      batched.events.filter((e) => e.event === 'location_batch').flatMap((e) => (e.payload as LocationBatchPayload).updates.filter(isOurs));
    await batched.waitFor(() => batched.events.filter((e) => e.event === 'location_batch').flatMap((e) => (e.payload as LocationBatchPayload).updates.filter(isOurs)).length === 2);
    expect((await batchUpdates()).map((u) => u.shift_id).sort()).toEqual([...shifts].sort());
    expect(batched.events.some((e) => e.event === 'location_update')).toBe(false);
    expect(spec.events.some((e) => e.event === 'location_batch')).toBe(false);
  });
});

describe('GET /api/shifts/:id/locations on a long trail', () => {
  it('answers a simplified line by default and the exact trail page by page', async () => {
    const driver = take();
    const start = Date.now() - 3_600_000;
    await sql`insert into shift_locations (shift_id, latitude, longitude, recorded_at)
      select ${driver.shiftId}, -33 - g / 1e6, -70, ${new Date(start).toISOString()}::timestamptz + g * interval '100 milliseconds'
      from generate_series(0, 11999) g`.execute(server.db);

    const simplified = await trail(driver.shiftId);
    expect(simplified.status).toBe(200);
    expect(simplified.body).toMatchObject({ total: 12000, simplified: true });
    const line = simplified.body.locations as { timestamp: string }[];
    expect(line.length).toBeLessThanOrEqual(MAX_TRAIL_POINTS);
    expect(line[0].timestamp).toBe(at(start));
    expect(line[line.length - 1].timestamp).toBe(at(start + 11999 * 100));

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await trail(driver.shiftId, `?limit=5000${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...(page.body.locations as { timestamp: string }[]).map((p) => p.timestamp));
      after = page.body.next_after;
    } while (after);
    expect(seen).toHaveLength(12000);
    expect(new Set(seen).size).toBe(12000);

    expect(await trail(driver.shiftId, '?limit=0')).toEqual({ status: 400, body: { error: 'Límite inválido', fields: { limit: 'Límite inválido' } } });
  }, 60_000);
});
