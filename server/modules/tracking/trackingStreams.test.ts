/**
 * The passenger's live streams cannot pile up (issue 45): at most TRACKING_STREAMS_PER_TOKEN open
 * at once on one trip's link and TRACKING_STREAMS_PER_ADDRESS from one address, the next answered a
 * Spanish 429 with Retry-After; a closed page frees its place; and an open stream ends with `gone`
 * when its link expires (on the server's injected clock, with no request from the page).
 */
import { DISPATCH_DEFAULTS } from '../dispatch';
import { createBooking, freeDemoDrivers, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { eventStream, until } from '../../tools/testing/eventStream';
import { apiCall } from '../../tools/testing/http';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { TRACKING_DEFAULTS } from './settings';

const PER_TOKEN = 3;
const PER_ADDRESS = 4;
const FROM_ADDRESS = 'Hay demasiadas páginas de seguimiento abiertas desde esta dirección. Cierra alguna e intenta nuevamente.';
const OF_TRIP = 'Este viaje ya se está siguiendo en demasiadas pantallas. Cierra alguna e intenta nuevamente.';

let server: TestServer;
let desk: string;
const taxis: TaxiOnShift[] = [];
/** The server's clock runs this far ahead of the real one. */
let aheadMs = 0;
const streams: Array<ReturnType<typeof eventStream>> = [];

beforeAll(async () => {
  server = await startTestServer(
    { dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 200 }, tracking: { ...TRACKING_DEFAULTS, streamsPerToken: PER_TOKEN, streamsPerAddress: PER_ADDRESS, refreshMs: 200 } },
    { clock: { now: () => new Date(Date.now() + aheadMs) } },
  );
  desk = await server.login();
  const free = await freeDemoDrivers(server.db, server.seed.ownerId);
  for (let i = 0; i < 3; i += 1) taxis.push(await putOnShift(server.url, free[i], 1000 * (i + 1)));
}, 90_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server?.close();
});

/** A booking assigned to a taxi of its own, and its link. */
async function tripLink(taxi: TaxiOnShift): Promise<{ id: number; token: string }> {
  const id = await createBooking(server.url, desk);
  expect((await apiCall(server.url, `/api/dispatch/bookings/${id}/assign`, { token: desk, json: { driver_id: taxi.driverId } })).status).toBe(200);
  const { link } = (await apiCall(server.url, `/api/tracking/bookings/${id}`, { token: desk })).body;
  return { id, token: link.token as string };
}
const open = (token: string) => {
  const stream = eventStream(`${server.url}/api/public/tracking/${token}/stream`);
  streams.push(stream);
  return stream;
};
/** A stream opened once the server has seen earlier pages close (until then it may answer 429). */
async function openWhenFree(token: string) {
  for (let i = 0; i < 50; i += 1) {
    const stream = open(token);
    if ((await stream.ready) === 200) return stream;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the stream never opened');
}
async function refused(token: string) {
  const response = await fetch(`${server.url}/api/public/tracking/${token}/stream`);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

it('refuses a stream past the cap per link and per address in Spanish, and a closed page frees its place', async () => {
  const first = await tripLink(taxis[0]);
  const second = await tripLink(taxis[1]);
  const ofFirst = [open(first.token), open(first.token), open(first.token)];
  expect(await Promise.all(ofFirst.map((stream) => stream.ready))).toEqual([200, 200, 200]);
  expect(await refused(first.token)).toEqual({ status: 429, retryAfter: '30', body: { error: OF_TRIP } });

  // Another trip from the same address: one more fits, then the address is full.
  expect(await open(second.token).ready).toBe(200);
  expect(await refused(second.token)).toEqual({ status: 429, retryAfter: '30', body: { error: FROM_ADDRESS } });

  // A page closes: its place is free again once the server sees it go.
  ofFirst[0].close();
  const again = await openWhenFree(second.token);
  expect(await again.ready).toBe(200);
}, 60_000);

it('ends an open stream with "gone" when its trip’s link expires, without a request from the page', async () => {
  for (const stream of streams.splice(0)) stream.close();
  const trip = await tripLink(taxis[2]);
  for (const step of ['arrived', 'onboard', 'finish']) expect((await apiCall(server.url, `/api/driver/trips/${trip.id}/${step}`, { token: taxis[2].token, json: {} })).status).toBe(200);
  const stream = await openWhenFree(trip.token);
  await until(() => stream.events.some((e) => e.event === 'view'), 'the finished trip’s view');
  expect(stream.events.some((e) => e.event === 'gone')).toBe(false);
  // The link answers TRACKING_EXPIRY_MINUTES after the trip ends; the server's clock moves past that.
  aheadMs = (TRACKING_DEFAULTS.expiryMinutes + 1) * 60_000;
  await until(() => stream.events.some((e) => e.event === 'gone'), 'gone at expiry');
  expect(stream.events.find((e) => e.event === 'gone')?.data).toEqual({ error: 'Este viaje terminó' });
}, 60_000);
