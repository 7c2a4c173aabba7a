/**
 * No driver's button floods the desk (issue 45): past DRIVER_ACTIONS_PER_MINUTE, a driver's changes
 * (availability, arrivals, refusals, shift starts and ends) answer a Spanish 429 with Retry-After and
 * change nothing, while another driver is still answered; a burst of positions meets the per-shift
 * cap the same way. On PGlite and, with TEST_DATABASE_URL, PostgreSQL (whose counters every process shares).
 */
import { apiCall } from './tools/testing/http';
import { freeDemoDrivers, putOnShift, type TaxiOnShift } from './tools/testing/dispatchFixtures';
import { databasesToTest, useDeskServer } from './tools/testing/deskOnEachDatabase';
import type { OwnerSocket } from './tools/testing/ownerSocket';
import type { TestServer } from './tools/testing/testServer';

const ACTIONS = 10;
const POINTS = 60;
const TOO_MANY = 'Demasiadas acciones seguidas desde este teléfono. Espera unos segundos e intenta nuevamente.';
const TOO_MANY_POINTS = 'Demasiadas ubicaciones en poco tiempo. Espera un momento y vuelve a enviarlas.';

describe.each(databasesToTest())('on %s', (kind) => {
  const world = useDeskServer(kind, 'flota_flood', { driverActionsPerMinute: ACTIONS, ingestPointsPerMinute: POINTS });
  let server: TestServer;
  let socket: OwnerSocket;
  let free: { id: number; rut: string }[];
  /** A driver put on shift now: their minute of actions starts with this start. */
  const onShift = (metresNorth: number): Promise<TaxiOnShift> => putOnShift(server.url, free.shift() as { id: number; rut: string }, metresNorth);

  beforeAll(async () => {
    ({ server, socket } = world);
    free = await freeDemoDrivers(server.db, server.seed.ownerId);
  });

  it('answers a driver’s burst of availability changes, arrivals and refusals with a Spanish 429 past the limit, and the desk hears no more', async () => {
    const flooding = await onShift(500);
    const calm = await onShift(900);
    // Starting the shift was the driver's first action of the minute.
    const left = ACTIONS - 1;
    const toggles = Array.from({ length: left + 6 }, (_, i) => (i % 2 === 0 ? 'fuera_de_servicio' : 'libre'));
    const answers = [];
    for (const availability of toggles) answers.push(await apiCall(server.url, '/api/driver/availability', { token: flooding.token, method: 'PUT', json: { availability } }));
    // An arrival at and a refusal of a booking that is not theirs, once the limit is spent: refused before anything is read.
    answers.push(await apiCall(server.url, '/api/driver/trips/999999/arrived', { token: flooding.token, json: {} }));
    answers.push(await apiCall(server.url, '/api/driver/offers/999999/decline', { token: flooding.token, json: {} }));
    expect(answers.slice(0, left).map((answer) => answer.status)).toEqual(Array(left).fill(200));
    const refused = answers.slice(left);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual(Array(refused.length).fill([429, { error: TOO_MANY }]));
    // The desks heard the changes that were made, and nothing of the refused ones.
    const heard = () => socket.events.filter((e) => e.event === 'availability_changed' && (e.payload as { shift_id: number }).shift_id === flooding.shiftId).length;
    await socket.waitFor(() => heard() >= left, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard()).toBe(left);
    // The state is the last change made.
    expect((await apiCall(server.url, '/api/driver/dispatch', { token: flooding.token })).body.availability).toBe(toggles[left - 1]);
    // Another driver is answered as usual.
    expect((await apiCall(server.url, '/api/driver/availability', { token: calm.token, method: 'PUT', json: { availability: 'fuera_de_servicio' } })).status).toBe(200);
  }, 60_000);

  it('says when to try again, and counts a driver’s shift starts and ends the same way', async () => {
    const taxi = await onShift(1300);
    // The start was the first action of the minute: the rest of its budget, then 429 saying when to try again.
    const left = ACTIONS - 1;
    const shiftAnswers = [];
    for (let i = 0; i < left + 1; i += 1) shiftAnswers.push((await apiCall(server.url, i % 2 === 0 ? '/api/driver/shifts/end' : '/api/driver/shifts/start', { token: taxi.token, json: {} })).status);
    expect(shiftAnswers).toEqual([...Array(left).fill(200), 429]);
    const response = await fetch(`${server.url}/api/driver/shifts/start`, { method: 'POST', headers: { authorization: `Bearer ${taxi.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect([response.status, await response.json()]).toEqual([429, { error: TOO_MANY }]);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('meets a burst of positions with the per-shift cap: a Spanish 429 with Retry-After the phone keeps its points through', async () => {
    const flooding = await onShift(1700);
    const statuses: number[] = [];
    let last: Response | null = null;
    const start = Date.now();
    for (let i = 0; i < POINTS + 20; i += 1) {
      last = await fetch(`${server.url}/api/driver/locations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${flooding.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ locations: [{ latitude: -32.45, longitude: -71.25, timestamp: new Date(start + i * 1000).toISOString() }] }),
      });
      statuses.push(last.status);
      if (last.status === 429) break;
      await last.arrayBuffer();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(await (last as Response).json()).toEqual({ error: TOO_MANY_POINTS });
    expect(Number((last as Response).headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);
});
