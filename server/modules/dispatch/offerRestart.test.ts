/**
 * An offer open while the server stops still expires and passes on: expiry is the stored
 * offer_expires_at against the database clock, and the sweep runs as the next server starts. Two
 * server lifetimes on one database (the second builds its taxi index from the stored positions).
 */
import { buildServer, type FlotaServer } from '../../app';
import type { Booking } from '../../../contract/dispatch';
import { loadConfig, type Config } from '../../platform/config';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { DISPATCH_DEFAULTS } from './settings';
import { ensureDemoDesk } from '../../tools/seed/demoDesk';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from '../../tools/seed/demoFleet';
import { createBooking, freeDemoDrivers, putOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

let database: OpenDatabase;
let server: (FlotaServer & { url: string }) | null = null;
let ownerId: number;

const config: Config = {
  ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
  simulator: false,
  // A minute to accept: only the restart's move of the stored time can make it expire during the test.
  dispatch: { ...DISPATCH_DEFAULTS, offerSeconds: 60, sweepMs: 100 },
};

async function start() {
  const built = await buildServer(config, { db: database.db, dbKind: 'pglite', logger: false, backgroundPasses: { summaryBackfill: false } });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  server = { ...built, url: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
  return server;
}

beforeAll(async () => {
  database = await openTestPglite();
  ownerId = (await seedDemoFleet(database.db, { now: new Date() })).ownerId;
  await ensureDemoDesk(database.db);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

it('passes an offer that expired while the server was down to the next taxi when it starts again', async () => {
  const first = await start();
  const desk = (await apiCall(first.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })).body.token as string;
  const [near, far] = await Promise.all((await freeDemoDrivers(database.db, ownerId)).slice(0, 2).map((d, i) => putOnShift(first.url, d, 200 + 400 * i)));
  const id = await createBooking(first.url, desk);
  const offered = await apiCall(first.url, `/api/dispatch/bookings/${id}/offer`, { token: desk, json: {} });
  expect(offered.body.booking).toMatchObject({ status: 'ofrecido', offer: { driver_id: near.driverId } });

  await first.close();
  server = null;
  // The time passes while nobody runs: the stored expiry is now behind the clock.
  await database.db.updateTable('bookings').set({ offer_expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();

  const second = await start();
  let booking: Booking | null = null;
  for (let i = 0; i < 50; i += 1) {
    booking = (await apiCall(second.url, `/api/dispatch/bookings/${id}`, { token: desk })).body.booking as Booking;
    if (booking.offer?.driver_id === far.driverId) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(booking).toMatchObject({ status: 'ofrecido', refusals: 1, offer: { driver_id: far.driverId } });
  expect(booking?.events.find((e) => e.note === 'expirada')).toMatchObject({ status: 'pendiente', driver_id: near.driverId, by: { kind: 'system', name: 'Flota' } });
  // The first driver's phone, reloaded, has no offer; the second one's has it.
  expect((await apiCall(second.url, '/api/driver/dispatch', { token: near.token })).body.offer).toBeNull();
  expect((await apiCall(second.url, '/api/driver/dispatch', { token: far.token })).body.offer).toMatchObject({ booking: { id } });
}, 120_000);
