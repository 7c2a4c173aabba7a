/**
 * Every module that listens to accepted positions (the positionAccepted event: dispatch's taxi index,
 * tracking's live pages, the alerts engine) inherits the ingest's rate: a position that changes
 * nothing must cost them no database work (issue 43). Counted, not timed: the server runs on a
 * Kysely that counts the queries its code builds (the ingest's own flush is a prepared statement
 * sent as it is, and is not counted), and a taxi's position that enters or leaves a zone is the
 * marker that every earlier point of that taxi has been heard (the engine takes a taxi's points in
 * order). Twenty positions that change nothing, then a zone entry, must cost what a zone exit costs
 * alone.
 */
import { buildServer, type FlotaServer } from './app';
import { manualClock } from './platform/clock';
import { loadConfig, type Config } from './platform/config';
import type { OpenDatabase } from './platform/db/client';
import { ALERTS_DEFAULTS } from './modules/alerts';
import { DISPATCH_DEFAULTS } from './modules/dispatch';
import { openTestPglite } from './tools/testing/pgliteTemplate';
import { ensureDemoDesk } from './tools/seed/demoDesk';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from './tools/seed/demoFleet';
import { freeDemoDrivers } from './tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from './tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from './tools/testing/ownerSocket';
import { describeQuery, watchQueries } from './tools/testing/queryWatch';
import { TEST_JWT_SECRET } from './tools/testing/testServer';

const clock = manualClock(new Date());
const config: Config = {
  ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
  simulator: false,
  alerts: { ...ALERTS_DEFAULTS },
  // The dispatch sweep's timer reads the database on its own: once an hour here, outside the counted windows.
  dispatch: { ...DISPATCH_DEFAULTS, sweepMs: 3_600_000 },
};

let database: OpenDatabase;
let server: FlotaServer & { url: string };
/** Every query the server's code builds, described. */
const seen: string[] = [];
let desk: OwnerSocket;
let ownerId: number;

beforeAll(async () => {
  database = await openTestPglite();
  ownerId = (await seedDemoFleet(database.db, { now: new Date() })).ownerId;
  await ensureDemoDesk(database.db);
  await database.db.updateTable('shifts').set({ end_time: new Date() }).where('end_time', 'is', null).execute();
  const built = await buildServer(config, { db: database.db.withPlugin(watchQueries((node) => seen.push(describeQuery(node)))), dbKind: 'pglite', logger: false, clock, backgroundPasses: false });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  server = { ...built, url: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
  const token = (await apiCall(server.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })).body.token as string;
  desk = await openOwnerSocket(server.url, { token });
  await desk.join(ownerId);
  const zone = await apiCall(server.url, '/api/zones', { token, json: { name: 'Terminal', kind: 'terminal', color: '#dc2626', geometry: { type: 'Point', coordinates: [ORIGIN.lng, ORIGIN.lat] }, radius_m: 200 } });
  expect(zone.status).toBe(201);
}, 180_000);
afterAll(async () => {
  desk?.close();
  await server?.close();
  await database?.close();
});

const ORIGIN = { lat: -32.452, lng: -71.276 };
/** `east` metres east of the terminal. */
const east = (metres: number) => ({ latitude: ORIGIN.lat, longitude: ORIGIN.lng + metres / (111_320 * Math.cos((ORIGIN.lat * Math.PI) / 180)) });

it('costs no query for twenty positions that change nothing: a zone entry after them costs what an exit costs alone', async () => {
  const [driver] = await freeDemoDrivers(database.db, ownerId);
  const { token } = await driverLogin(server.url, driver.rut);
  const started = await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
  expect(started.status).toBe(200);
  const shiftId = started.body.shift.id as number;
  // The shift service stamps the start with the system's time: the points follow it, and the server's clock with them.
  let time = Date.parse(started.body.shift.start_time as string);
  clock.advance(time - clock.now().getTime());
  const post = async (metres: number) => {
    time += 1000;
    clock.advance(1000);
    const answer = await apiCall(server.url, '/api/driver/locations', { token, json: { locations: [{ ...east(metres), timestamp: new Date(time).toISOString() }] } });
    expect(answer.status).toBe(202);
  };
  const alertOf = (kind: string) => desk.waitFor((event) => event.event === 'alert_raised' && (event.payload as { alert: { kind: string; shift_id: number } }).alert.kind === kind && (event.payload as { alert: { shift_id: number } }).alert.shift_id === shiftId, 10_000);

  // The first point inside: the engine and dispatch read the new taxi once, and the entry is stored.
  await post(0);
  await alertOf('zone_enter');

  // An exit alone: what one alert's write costs.
  let from = seen.length;
  await post(1000);
  await alertOf('zone_exit');
  const exitAlone = seen.slice(from);

  // Twenty positions outside (a few metres apart, no zone between them), then an entry.
  from = seen.length;
  for (let i = 1; i <= 20; i += 1) await post(1000 + 5 * i);
  desk.events.length = 0;
  await post(0);
  await alertOf('zone_enter');
  const afterTwenty = seen.slice(from);

  expect(exitAlone.length).toBeGreaterThan(0);
  expect(afterTwenty).toEqual(exitAlone);
});
