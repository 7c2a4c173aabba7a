/**
 * Despacho with two server processes' worth on one real PostgreSQL database (two buildServer
 * instances in this Jest process, each with its own pool, taxi grid, taxi states and socket.io
 * server, as postgresAdapter.test.ts does): candidates on either include every free taxi whichever
 * server received its points, an offer made on one reaches a driver connected to the other (and
 * that driver's points sent to either move the trip to En el lugar), and the double-assignment
 * race run through both still gives 0. PostgreSQL decides (transactions, unique indexes) and
 * carries the events (socket.io's PostgreSQL adapter): no broker of our own.
 * Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import { sql } from 'kysely';
import type { Candidate } from '../../../contract/dispatch';
import { buildServer, type FlotaServer } from '../../app';
import { loadConfig, type Config } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import { DISPATCH_DEFAULTS } from './settings';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from '../../tools/seed/demoFleet';
import { createBooking, freeDemoDrivers, moveTo, PICKUP, putOnShift, type TaxiOnShift } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('postgresTwoServers.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;

type Started = FlotaServer & { url: string; db: OpenDatabase };

/** Polls `check` until it holds (bounded): what one server did reaches the other a few ms later. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${timeoutMs} ms: ${what}`);
}

describeWithPostgres('despacho across two servers on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const servers: Started[] = [];
  const tokens: string[] = [];
  let ownerId: number;
  /** Taxis 0–2 post their points to server A, 3–5 to server B. */
  const taxis: TaxiOnShift[] = [];
  const sockets: OwnerSocket[] = [];

  async function startServer(databaseUrl: string): Promise<Started> {
    const database = await openPostgres(databaseUrl);
    const config: Config = {
      ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
      databaseUrl,
      simulator: false,
      dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 60_000 },
    };
    const server = await buildServer(config, { db: database.db, dbKind: 'postgres', logger: false, backgroundPasses: false });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    return { ...server, url: `http://127.0.0.1:${port}`, db: database };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_dispatch_two');
    const seeder = await openPostgres(scratch.url);
    await migrateToLatest(seeder.db);
    ownerId = (await seedDemoFleet(seeder.db, { now: new Date() })).ownerId;
    await seeder.close();
    servers.push(await startServer(scratch.url), await startServer(scratch.url));
    // Each adapter relays to the other once it has heard the other's heartbeat (bounded wait).
    await eventually(async () => (await Promise.all(servers.map((s) => s.io.of('/').adapter.serverCount()))).every((n) => n === 2), 'both servers see each other');
    for (const server of servers) {
      const login = await apiCall(server.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } });
      tokens.push(login.body.token as string);
    }
    const free = await freeDemoDrivers(servers[0].db.db, ownerId);
    for (let i = 0; i < 6; i += 1) taxis.push(await putOnShift(servers[i < 3 ? 0 : 1].url, free[i], 200 * (i + 1)));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of servers) {
      await server.close();
      await server.db.close();
    }
    await scratch?.drop();
  });

  const candidatesOn = async (server: number): Promise<number[]> => {
    const answer = await apiCall(servers[server].url, `/api/dispatch/candidates?latitude=${PICKUP.latitude}&longitude=${PICKUP.longitude}`, { token: tokens[server] });
    return (answer.body.candidates as Candidate[]).map((c) => c.driver_id);
  };
  const everyTaxiIn = (ids: number[], wanted: TaxiOnShift[]) => wanted.every((t) => ids.includes(t.driverId));

  it('lists every free taxi on both servers, whichever received its points, nearest first', async () => {
    const all = taxis.map((t) => t.driverId);
    await eventually(async () => everyTaxiIn(await candidatesOn(0), taxis) && everyTaxiIn(await candidatesOn(1), taxis), 'all six taxis are candidates on A and on B');
    expect((await candidatesOn(0)).slice(0, 6)).toEqual(all);
    expect((await candidatesOn(1)).slice(0, 6)).toEqual(all);
  }, 30_000);

  it('a taxi out of service on B and a taxi assigned on A stop being candidates on the other server', async () => {
    const outOfService = await apiCall(servers[1].url, '/api/driver/availability', { method: 'PUT', token: taxis[4].token, json: { availability: 'fuera_de_servicio' } });
    expect(outOfService.status).toBe(200);
    const id = await createBooking(servers[0].url, tokens[0]);
    const assigned = await apiCall(servers[0].url, `/api/dispatch/bookings/${id}/assign`, { token: tokens[0], json: { driver_id: taxis[1].driverId } });
    expect(assigned.status).toBe(200);
    await eventually(async () => {
      const [onA, onB] = await Promise.all([candidatesOn(0), candidatesOn(1)]);
      return !onA.includes(taxis[4].driverId) && !onB.includes(taxis[1].driverId);
    }, 'the changes reached the other server');
    expect(await candidatesOn(1)).toEqual(expect.not.arrayContaining([taxis[1].driverId, taxis[4].driverId]));
    expect(await candidatesOn(0)).toEqual(expect.not.arrayContaining([taxis[1].driverId, taxis[4].driverId]));

    // Back to Libre on B, the trip finished on A: both are candidates on the other server again.
    expect((await apiCall(servers[1].url, '/api/driver/availability', { method: 'PUT', token: taxis[4].token, json: { availability: 'libre' } })).status).toBe(200);
    for (const status of ['en_camino', 'en_el_lugar', 'a_bordo', 'finalizado']) {
      expect((await apiCall(servers[0].url, `/api/dispatch/bookings/${id}/advance`, { token: tokens[0], json: { status } })).status).toBe(200);
    }
    await eventually(async () => everyTaxiIn(await candidatesOn(0), taxis) && everyTaxiIn(await candidatesOn(1), taxis), 'both are candidates again on A and on B');
  }, 30_000);

  it('an offer made on A reaches the driver connected to B, who accepts it on B; a point sent to A brings En el lugar', async () => {
    // Taxi 3 posted its points to B and is the nearest free taxi to this pickup (10 m away).
    const pickup = { latitude: PICKUP.latitude + 800 / 111_195 + 10 / 111_195, longitude: PICKUP.longitude, label: 'Junto al taxi 4' };
    const phone = await openOwnerSocket(servers[1].url, { token: taxis[3].token });
    sockets.push(phone);
    const id = await createBooking(servers[0].url, tokens[0], { pickup });
    expect((await apiCall(servers[0].url, `/api/dispatch/bookings/${id}/offer`, { token: tokens[0], json: {} })).status).toBe(200);
    const offer = await phone.waitFor((e) => e.event === 'offer' && (e.payload as { offer: unknown }).offer !== null, 10_000);
    expect(offer.payload).toMatchObject({ offer: { booking: { id, pickup: { label: 'Junto al taxi 4' } } } });

    const accepted = await apiCall(servers[1].url, `/api/driver/offers/${id}/accept`, { token: taxis[3].token, json: {} });
    expect(accepted.status).toBe(200);
    expect(accepted.body.trip).toMatchObject({ id, status: 'en_camino' });
    const onA = await apiCall(servers[0].url, `/api/dispatch/bookings/${id}`, { token: tokens[0] });
    expect(onA.body.booking).toMatchObject({ status: 'en_camino', driver_id: taxis[3].driverId });
    await eventually(async () => !(await candidatesOn(0)).includes(taxis[3].driverId), 'the taxi on its way is no candidate on A');

    // Its next point goes to A; B (which took the acceptance and waits for the taxi) hears it and marks En el lugar (within 80 m).
    await moveTo(servers[0].url, taxis[3].token, pickup.latitude, pickup.longitude);
    await eventually(async () => (await apiCall(servers[0].url, `/api/dispatch/bookings/${id}`, { token: tokens[0] })).body.booking.status === 'en_el_lugar', 'En el lugar from a point A received');
  }, 30_000);

  it('4 dispatchers, two on each server, × 12 bookings against the free taxis: never a taxi on two trips', async () => {
    const onTrips = await servers[0].db.db.selectFrom('bookings').select('driver_id').where('status', 'in', ['asignado', 'en_camino', 'en_el_lugar', 'a_bordo']).execute();
    const free = taxis.filter((taxi) => !onTrips.some((row) => row.driver_id === taxi.driverId));
    expect(free).toHaveLength(5);
    const work = Array.from({ length: 4 }, async (_d, dispatcher) => {
      const server = dispatcher % 2;
      const outcomes: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const id = await createBooking(servers[server].url, tokens[server]);
        const assigned = await apiCall(servers[server].url, `/api/dispatch/bookings/${id}/assign`, { token: tokens[server], json: { driver_id: free[(i + dispatcher) % free.length].driverId } });
        outcomes.push(assigned.status);
      }
      return outcomes;
    });
    const statuses = (await Promise.all(work)).flat();
    expect(statuses.filter((s) => s === 200)).toHaveLength(free.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(48 - free.length);
    const { rows } = await sql<{ doubles: number }>`select count(*)::int as doubles from (
        select driver_id from bookings where status in ('asignado', 'en_camino', 'en_el_lugar', 'a_bordo') group by driver_id having count(*) > 1) t`.execute(servers[1].db.db);
    expect(rows[0].doubles).toBe(0);
    // Every taxi is on a trip now: neither server offers any of them.
    await eventually(async () => {
      const [onA, onB] = await Promise.all([candidatesOn(0), candidatesOn(1)]);
      return !taxis.some((t) => onA.includes(t.driverId) || onB.includes(t.driverId));
    }, 'no taxi on a trip is a candidate on either server');
  }, 120_000);
});
