/**
 * Exactly once across processes: two servers (each its own pool, engine memory and sweep) on one
 * real PostgreSQL database. One taxi's points alternate between them, the same point goes to both
 * at once, and both sweeps look for "sin señal" every 50 ms: each episode is one alert. The taxi's
 * stored state, locked per write, and the alerts' unique episode key decide, whichever server saw
 * the point. Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start).
 */
import type { Alert } from '../../../contract/alerts';
import { buildServer, type FlotaServer } from '../../app';
import { manualClock } from '../../platform/clock';
import { loadConfig, type Config } from '../../platform/config';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from '../../tools/seed/demoFleet';
import { freeDemoDrivers } from '../../tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';
import { ALERTS_DEFAULTS } from './settings';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('alerts/postgresTwoServers.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;

type Started = FlotaServer & { url: string; db: OpenDatabase };
const clock = manualClock(new Date());

describeWithPostgres('alerts across two servers on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const servers: Started[] = [];
  let desk: string;
  let driverToken: string;
  let shiftId: number;

  async function startServer(databaseUrl: string): Promise<Started> {
    const database = await openPostgres(databaseUrl);
    const config: Config = {
      ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
      databaseUrl,
      simulator: false,
      alerts: { ...ALERTS_DEFAULTS, noSignalMinutes: 10 },
    };
    const server = await buildServer(config, { db: database.db, dbKind: 'postgres', logger: false, clock, backgroundPasses: { alertsSweep: { startDelayMs: 0, recheckMs: 50, dutyCycle: 1 }, summaryBackfill: false, trailPacking: false } });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    return { ...server, url: `http://127.0.0.1:${port}`, db: database };
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_alerts_two');
    const seeder = await openPostgres(scratch.url);
    await migrateToLatest(seeder.db);
    const { ownerId } = await seedDemoFleet(seeder.db, { now: new Date() });
    // Only this test's taxi is on shift (the demo's would go silent under the moved clock).
    await seeder.db.updateTable('shifts').set({ end_time: new Date() }).where('end_time', 'is', null).execute();
    const [driver] = await freeDemoDrivers(seeder.db, ownerId);
    await seeder.close();
    servers.push(await startServer(scratch.url), await startServer(scratch.url));
    desk = (await apiCall(servers[0].url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })).body.token;
    driverToken = (await driverLogin(servers[0].url, driver.rut)).token;
    const started = await apiCall(servers[0].url, '/api/driver/shifts/start', { token: driverToken, json: {} });
    shiftId = started.body.shift.id;
    await servers[0].db.db.updateTable('shifts').set({ start_time: clock.now() }).where('id', '=', shiftId).execute();
    const zone = await apiCall(servers[0].url, '/api/zones', {
      token: desk,
      json: { name: 'Terminal', kind: 'terminal', color: '#dc2626', geometry: { type: 'Point', coordinates: [-71.25, -32.45] }, radius_m: 300 },
    });
    expect(zone.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      await server.close();
      await server.db.close();
    }
    await scratch?.drop();
  });

  const INSIDE = { latitude: -32.45, longitude: -71.25 };
  const OUTSIDE = { latitude: -32.45, longitude: -71.27 };
  async function post(server: number, point: { latitude: number; longitude: number }, time: Date) {
    const answer = await apiCall(servers[server].url, '/api/driver/locations', { token: driverToken, json: { locations: [{ ...point, timestamp: time.toISOString() }] } });
    expect(answer.status).toBe(202);
  }
  async function kinds(): Promise<string[]> {
    const answer = await apiCall(servers[1].url, '/api/alerts', { token: desk });
    return (answer.body.alerts as Alert[]).filter((a) => a.shift_id === shiftId).reverse().map((a) => a.kind);
  }
  async function settle(expected: string[]) {
    const until = Date.now() + 10_000;
    while (Date.now() < until && (await kinds()).length < expected.length) await new Promise((resolve) => setTimeout(resolve, 50));
    // Longer than a sweep and a flush: a duplicate would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await kinds()).toEqual(expected);
  }

  it('raises each entry and exit once while points alternate between the servers or reach both at once', async () => {
    const track = [OUTSIDE, INSIDE, INSIDE, INSIDE, OUTSIDE, OUTSIDE, INSIDE, INSIDE, OUTSIDE];
    for (const [i, point] of track.entries()) {
      clock.advance(10_000);
      const time = clock.now();
      // Odd points go to both servers at once (a phone that retried against the other one); even ones alternate.
      if (i % 2) await Promise.all([post(0, point, time), post(1, point, time)]);
      else await post(i % 4 ? 1 : 0, point, time);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await settle(['zone_enter', 'zone_exit', 'zone_enter', 'zone_exit']);
  });

  it('says "sin señal" once with both servers sweeping, and the return once', async () => {
    clock.advance(11 * 60_000);
    await settle(['zone_enter', 'zone_exit', 'zone_enter', 'zone_exit', 'no_signal']);
    clock.advance(1000);
    await post(1, OUTSIDE, clock.now());
    await settle(['zone_enter', 'zone_exit', 'zone_enter', 'zone_exit', 'no_signal', 'signal_back']);
  });
});
