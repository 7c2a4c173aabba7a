/**
 * A server restarted with a fleet on shift (1,000 taxis here; issue 43 measured 5,000), all reporting. Before, the sin-señal sweep
 * read every open shift 5 s after the start, found the whole fleet quiet (the server had been down
 * longer than the threshold) and raised them one transaction at a time for minutes while the phones
 * were already reporting again: 99 % false "sin señal", each followed by a "señal recuperada", and
 * the ingest's flushes waiting behind the sweep's transactions.
 *
 * On the injected clock: the fleet has reported (its last points stored), 15 minutes pass, a server starts
 * with its sweep running continuously, and the fleet reports at once and every 90 s for three
 * minutes (the threshold here is 2): 0 "sin señal", 0 "señal recuperada". The ingest keeps going while the sweep
 * runs, checked by counts (every point answered 202 and stored, the taxis' positions current) and
 * structurally (every query of the sweep queued in the passes' lane, behind any waiting flush, and
 * it ran during the reports).
 */
import { sql } from 'kysely';
import { buildServer, type FlotaServer } from '../../app';
import { manualClock } from '../../platform/clock';
import { loadConfig, type Config } from '../../platform/config';
import type { OpenDatabase } from '../../platform/db/client';
import { currentQueryLane, type QueryLane } from '../../platform/db/queryLane';
import { createOnShiftFleet, type OnShiftFleet } from '../../tools/testing/bulkFleet';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { rawText, watchQueries } from '../../tools/testing/queryWatch';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';
import { ALERTS_DEFAULTS } from './settings';

// A thousand: the stale-list fault raised every silent taxi whatever the count, and the bench (npm run bench -- quick) carries the 5,000.
const TAXIS = 1000;

const clock = manualClock(new Date());
const config: Config = {
  ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
  simulator: false,
  alerts: { ...ALERTS_DEFAULTS, noSignalMinutes: 2, sweepMs: 50 },
};
/** The lane of every query that reads the sweep's candidates (the only query naming silentSince). */
const sweepLanes: QueryLane[] = [];
const sweep = watchQueries((node) => {
  if (rawText(node).includes('silentSince')) sweepLanes.push(currentQueryLane());
});
let database: OpenDatabase;
let fleet: OnShiftFleet;
let server: (FlotaServer & { url: string }) | null = null;

async function start(): Promise<FlotaServer & { url: string }> {
  const built = await buildServer(config, {
    db: database.db.withPlugin(sweep),
    dbKind: 'pglite',
    logger: false,
    clock,
    backgroundPasses: { alertsSweep: { startDelayMs: 0, recheckMs: 50, dutyCycle: 1 }, summaryBackfill: false, trailPacking: false, notificationOutbox: false, maintenanceSweep: false, accountCharges: false },
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...built, url: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
}

/** Every taxi posts one point at the clock's time, 32 at a time; answers the statuses that were not 202. */
async function everyTaxiReports(url: string): Promise<number[]> {
  const at = clock.now().toISOString();
  const refused: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < fleet.drivers.length) {
        const i = next++;
        const answer = await fetch(`${url}/api/driver/locations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.drivers[i].token}` },
          body: JSON.stringify({ locations: [{ latitude: -32.45 + i / 100_000, longitude: -71.25, timestamp: at }] }),
        });
        await answer.arrayBuffer();
        if (answer.status !== 202) refused.push(answer.status);
      }
    }),
  );
  return refused;
}

const signalAlerts = async () =>
  Number((await database.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', 'in', ['no_signal', 'signal_back']).executeTakeFirstOrThrow()).n);
const storedPoints = async () => Number((await database.db.selectFrom('shift_locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const currentTaxis = async () =>
  Number(
    (
      await database.db
        .selectFrom('shifts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', fleet.ownerId)
        .where('last_location_time', '=', clock.now())
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  database = await openTestPglite();
  fleet = await createOnShiftFleet(database.db, { drivers: TAXIS, jwtSecret: TEST_JWT_SECRET, startedAt: new Date(clock.now().getTime() - 3_600_000) });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
}, 60_000);

it('raises no "sin señal" and no "señal recuperada" for 1,000 reporting taxis after a restart, and stores every point while the sweep runs', async () => {
  // The fleet as the stopped server left it: every taxi's last point stored at the clock's time.
  await sql`insert into shift_locations (shift_id, latitude, longitude, recorded_at)
    select id, -32.45, -71.25, ${clock.now()} from shifts where owner_id = ${fleet.ownerId}`.execute(database.db);
  await database.db.updateTable('shifts').set({ latitude: -32.45, longitude: -71.25, last_location_time: clock.now(), last_seen_at: clock.now() }).where('owner_id', '=', fleet.ownerId).execute();

  // Down for 15 minutes (the threshold is 2): the phones could not reach it.
  clock.advance(15 * 60_000);
  server = await start();
  let points = await storedPoints();
  // The phones report at once, then every 90 s: at the last report this server has listened 3 minutes.
  for (let round = 0; round < 3; round += 1) {
    if (round) clock.advance(90_000);
    const sweepsBefore = sweepLanes.length;
    expect(await everyTaxiReports(server.url)).toEqual([]);
    // Every point stored and every taxi where its phone just put it: the ingest kept going.
    expect(await storedPoints()).toBe(points + TAXIS);
    expect(await currentTaxis()).toBe(TAXIS);
    points += TAXIS;
    // The sweep ran while they reported.
    expect(sweepLanes.length).toBeGreaterThan(sweepsBefore);
  }
  // A few more sweeps after the last reports, at three minutes of listening (past the threshold).
  const settled = sweepLanes.length;
  while (sweepLanes.length < settled + 3) await new Promise((resolve) => setTimeout(resolve, 20));

  expect(await signalAlerts()).toBe(0);
  expect(new Set(sweepLanes)).toEqual(new Set(['pass']));
}, 900_000);
