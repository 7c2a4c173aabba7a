/**
 * A database that goes away takes nothing down (issue 32). Two server processes on a PostgreSQL of
 * this test's own, under a stream of driver points to both: PostgreSQL is stopped for 3 s and
 * started again, then each of Flota's backends is ended with pg_terminate_backend. Both processes
 * stay alive, answer 503 (in Spanish) while the database is gone, 200 again within 10 s of its
 * return (health, API, logins, points), an owner socket on each receives the other's events
 * again (and was told to resync), and every point answered 202 is stored.
 *
 * Needs PostgreSQL's own tools (initdb, pg_ctl): it runs where TEST_DATABASE_URL is set (CI, or
 * scripts/pg-test-server.sh), but on a server of its own (DB_RESTART_PG_PORT, 55450 by default),
 * since it restarts it. DB_RESTART_PORTS (two ports, "5211,5212" by default) are the servers'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LocationUpdate } from '../contract/entities';
import { openPostgres } from './platform/db/client';
import { createOnShiftFleet, type OnShiftDriver, type OnShiftFleet } from './tools/testing/bulkFleet';
import { apiCall } from './tools/testing/http';
import { storedTimes } from './tools/testing/killUnderLoad';
import { openOwnerSocket, type OwnerSocket } from './tools/testing/ownerSocket';
import { startOwnPostgres, type OwnPostgres } from './tools/testing/ownPostgres';
import { createScratchDatabase, type ScratchDatabase } from './tools/testing/scratchDatabase';
import { startServerProcess, type ServerProcess } from './tools/testing/serverProcess';

jest.setTimeout(300_000);
const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.warn('databaseRestart.test.ts: skipped because TEST_DATABASE_URL is not set (PostgreSQL\'s tools: run scripts/pg-test-server.sh start).');
const describeWithPostgres = enabled ? describe : describe.skip;
const PG_PORT = Number(process.env.DB_RESTART_PG_PORT ?? 55450);
const [PORT_A, PORT_B] = (process.env.DB_RESTART_PORTS ?? '5211,5212').split(',').map(Number);
const SECRET = 'database-restart-secret-0123456789-0123456789';
/** The bound: everything answers again within 10 s of the database's return. */
const BACK_WITHIN_MS = 10_000;
const SPANISH_UNAVAILABLE = /base de datos no está disponible/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

/** Driver points to both processes, each driver alternating: what was answered 202, by shift. */
function pointStream(servers: ServerProcess[], drivers: OnShiftDriver[]) {
  const acked = new Map<number, string[]>();
  const statuses = new Map<number, number>();
  let running = true;
  // One millisecond apart (none a duplicate), starting now (none later than now).
  let clock = Date.now();
  const loop = async (driver: OnShiftDriver, index: number) => {
    for (let turn = index; running; turn++) {
      const locations = [0, 1].map(() => ({ latitude: -33.45, longitude: -70.66, timestamp: new Date(++clock).toISOString() }));
      const answer = await apiCall(servers[turn % servers.length].url, '/api/driver/locations', { token: driver.token, json: { locations } }).catch(() => ({ status: 0, body: null }));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 202) acked.set(driver.shiftId, [...(acked.get(driver.shiftId) ?? []), ...locations.map((l) => l.timestamp)]);
      await sleep(250);
    }
  };
  const loops = drivers.map(loop);
  return {
    acked,
    statuses,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describeWithPostgres('two server processes while their PostgreSQL goes away', () => {
  let postgres: OwnPostgres;
  let scratch: ScratchDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let fleet: OnShiftFleet;
  let ownerToken: string;
  const sockets: OwnerSocket[] = [];
  let stream: ReturnType<typeof pointStream> | null = null;

  beforeAll(async () => {
    postgres = await startOwnPostgres(PG_PORT);
    scratch = await createScratchDatabase(postgres.url, 'flota_restart');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-restart-'));
    const env = { DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: scratch.url };
    // One after the other: the first start seeds the demo fleet.
    a = await startServerProcess({ port: PORT_A, env });
    b = await startServerProcess({ port: PORT_B, env });
    const database = await openPostgres(scratch.url);
    fleet = await createOnShiftFleet(database.db, { drivers: 6, jwtSecret: SECRET });
    await database.close();
    ownerToken = (await apiCall(a.url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: fleet.password } })).body.token;
    for (const server of [a, b]) {
      const socket = await openOwnerSocket(server.url, { token: ownerToken });
      expect(await socket.join(fleet.ownerId)).toEqual({ ok: true });
      sockets.push(socket);
    }
  });
  afterEach(async () => {
    await stream?.stop();
    stream = null;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await a?.kill('SIGTERM');
    await b?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop().catch(() => undefined);
    await postgres?.remove();
  });

  /** The owner's reads, a login and a driver's point, all answered as when nothing happened. */
  async function everythingAnswers(server: ServerProcess): Promise<boolean> {
    const health = await apiCall(server.url, '/api/health').catch(() => null);
    if (health?.status !== 200) return false;
    const drivers = await apiCall(server.url, '/api/drivers', { token: ownerToken });
    const login = await apiCall(server.url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: fleet.password } });
    const point = await apiCall(server.url, '/api/driver/locations', { token: fleet.drivers[5].token, json: { locations: [{ latitude: -33.4, longitude: -70.6, timestamp: new Date().toISOString() }] } });
    return drivers.status === 200 && login.status === 200 && point.status === 202;
  }

  /** Milliseconds until both processes answer everything again (or the bound passed). */
  async function untilBothAnswer(): Promise<number> {
    const since = Date.now();
    while (Date.now() - since < BACK_WITHIN_MS * 2) {
      if ((await everythingAnswers(a)) && (await everythingAnswers(b))) return Date.now() - since;
      await sleep(200);
    }
    return Date.now() - since;
  }

  /**
   * A point sent to one process reaches the owner socket on the other (rooms span processes again),
   * within the bound: each process's LISTEN comes back on its own schedule, so send until one arrives.
   */
  async function fanOutBothWays(): Promise<void> {
    const driver = fleet.drivers[4];
    for (const [to, listener] of [
      [a, sockets[1]],
      [b, sockets[0]],
    ] as const) {
      const since = Date.now();
      const heard = (timestamp: string) => listener.events.some((e) => e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === driver.shiftId && (e.payload as LocationUpdate).timestamp === timestamp);
      let received = false;
      while (!received && Date.now() - since < BACK_WITHIN_MS) {
        const timestamp = new Date().toISOString();
        const sent = await apiCall(to.url, '/api/driver/locations', { token: driver.token, json: { locations: [{ latitude: -33.41, longitude: -70.61, timestamp }] } });
        expect(sent.status).toBe(202);
        for (let i = 0; i < 10 && !received; i++) {
          await sleep(50);
          received = heard(timestamp);
        }
      }
      expect(received).toBe(true);
    }
  }

  async function everyAckedPointStored(acked: Map<number, string[]>): Promise<{ acknowledged: number; lost: number }> {
    let acknowledged = 0;
    let lost = 0;
    for (const [shiftId, times] of acked) {
      const stored = await storedTimes(a.url, ownerToken, shiftId);
      acknowledged += times.length;
      lost += times.filter((time) => !stored.has(time)).length;
    }
    return { acknowledged, lost };
  }

  it('survives PostgreSQL stopped for 3 s under load: 503 meanwhile, everything back within 10 s, fan-out and every acknowledged point kept', async () => {
    await fanOutBothWays();
    const load = pointStream([a, b], fleet.drivers.slice(0, 4));
    stream = load;
    await sleep(1500);
    sockets.forEach((socket) => socket.events.splice(0));

    await postgres.stop();
    const stoppedAt = Date.now();
    // While it is gone: readiness says not ready, the API says so in Spanish, points are refused (not acknowledged).
    for (const server of [a, b]) {
      const health = await apiCall(server.url, '/api/health');
      expect(health).toEqual({ status: 503, body: { ok: false, db: 'postgres' } });
      // Not ready, yet alive: a balancer takes it out of rotation; a service manager does not restart it.
      expect(await apiCall(server.url, '/api/health/ready')).toEqual({ status: 503, body: { ok: false, db: 'postgres' } });
      expect(await apiCall(server.url, '/api/health/live')).toEqual({ status: 200, body: { ok: true } });
      const drivers = await apiCall(server.url, '/api/drivers', { token: ownerToken });
      expect(drivers.status).toBe(503);
      expect(drivers.body.error).toMatch(SPANISH_UNAVAILABLE);
      const point = await apiCall(server.url, '/api/driver/locations', { token: fleet.drivers[5].token, json: { locations: [{ latitude: -33.4, longitude: -70.6, timestamp: new Date().toISOString() }] } });
      expect(point.status).toBe(503);
    }
    await sleep(Math.max(0, 3000 - (Date.now() - stoppedAt)));
    await postgres.start();
    const backAfterMs = await untilBothAnswer();
    console.info(`PostgreSQL stopped for ${((Date.now() - stoppedAt - backAfterMs) / 1000).toFixed(1)} s: both processes answer everything again ${(backAfterMs / 1000).toFixed(1)} s after it is back`);
    expect([alive(a), alive(b)]).toEqual([true, true]);
    expect(backAfterMs).toBeLessThan(BACK_WITHIN_MS);

    // Each desk was told to reload what it missed, and hears the other process again.
    for (const socket of sockets) await socket.waitFor((e) => e.event === 'resync', BACK_WITHIN_MS);
    await fanOutBothWays();

    await load.stop();
    expect([...load.statuses.keys()].filter((status) => status !== 202 && status !== 503)).toEqual([]);
    const { acknowledged, lost } = await everyAckedPointStored(load.acked);
    console.info(`restart: ${acknowledged} points acknowledged, ${lost} lost; answers ${JSON.stringify(Object.fromEntries(load.statuses))}`);
    expect(acknowledged).toBeGreaterThan(0);
    expect(lost).toBe(0);
  });

  it('survives pg_terminate_backend on each of its backends under load, LISTEN connections included', async () => {
    sockets.forEach((socket) => socket.events.splice(0));
    const load = pointStream([a, b], fleet.drivers.slice(0, 4));
    stream = load;
    await sleep(1000);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number; query: string }>('select pid, query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() order by pid', [new URL(scratch.url).pathname.slice(1)]);
      // The connections that only listen are the ones whose loss used to end the process.
      expect(rows.map((row) => row.query)).toEqual(expect.arrayContaining(['LISTEN "socket.io#/"', `listen flota_driver_changed`]));
      for (const { pid } of rows) {
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await sleep(300);
      }
      console.info(`terminated ${rows.length} backends of the two processes`);
    } finally {
      await admin.end();
    }
    const backAfterMs = await untilBothAnswer();
    expect([alive(a), alive(b)]).toEqual([true, true]);
    expect(backAfterMs).toBeLessThan(BACK_WITHIN_MS);
    // Give the LISTEN connections their reconnection (up to 3 s in socket.io's adapter) before asking for the fan-out.
    for (const socket of sockets) await socket.waitFor((e) => e.event === 'resync', BACK_WITHIN_MS);
    await fanOutBothWays();

    await load.stop();
    expect([...load.statuses.keys()].filter((status) => status !== 202 && status !== 503)).toEqual([]);
    const { acknowledged, lost } = await everyAckedPointStored(load.acked);
    console.info(`terminate: ${acknowledged} points acknowledged, ${lost} lost; answers ${JSON.stringify(Object.fromEntries(load.statuses))}`);
    expect(acknowledged).toBeGreaterThan(0);
    expect(lost).toBe(0);
  });
});
