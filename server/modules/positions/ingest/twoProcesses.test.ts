/**
 * Two server processes on one PostgreSQL (the distributed path: socket.io's PostgreSQL adapter and
 * the driver cache's LISTEN/NOTIFY, no broker): both ingest, an owner socket on either receives
 * every update, and a change made through one process (password reset, shift end) is refused by
 * the other's cache. Needs TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LocationUpdate } from '../../../../contract/entities';
import { openPostgres } from '../../../platform/db/client';
import { createOnShiftFleet, type OnShiftFleet } from '../../../tools/testing/bulkFleet';
import { apiCall } from '../../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../../tools/testing/ownerSocket';
import { createScratchDatabase, type ScratchDatabase } from '../../../tools/testing/scratchDatabase';
import { freePort, startServerProcess, type ServerProcess } from '../../../tools/testing/serverProcess';

jest.setTimeout(120_000);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('twoProcesses.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
const describeWithPostgres = adminUrl ? describe : describe.skip;
const SECRET = 'two-processes-secret-0123456789-0123456789';

describeWithPostgres('two server processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let fleet: OnShiftFleet;
  let ownerToken: string;
  const sockets: OwnerSocket[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_two');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-two-'));
    const env = { DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_URL: scratch.url };
    a = await startServerProcess({ port: await freePort(), env });
    b = await startServerProcess({ port: await freePort(), env });
    const database = await openPostgres(scratch.url);
    fleet = await createOnShiftFleet(database.db, { drivers: 8, jwtSecret: SECRET });
    await database.close();
    ownerToken = (await apiCall(a.url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: fleet.password } })).body.token;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await a?.kill('SIGTERM');
    await b?.kill('SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  const at = (ms: number) => new Date(ms).toISOString();
  const send = (server: ServerProcess, token: string, ms: number) =>
    apiCall(server.url, '/api/driver/locations', { token, json: { locations: [{ latitude: -33.4, longitude: -70.6, timestamp: at(ms) }] } });
  /** Across processes a change arrives by NOTIFY within milliseconds: ask again for up to 2 s. */
  async function eventually(status: () => Promise<number>, expected: number): Promise<number> {
    let last = await status();
    for (let i = 0; i < 20 && last !== expected; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await status();
    }
    return last;
  }

  it('both ingest, and an owner socket on either receives every update', async () => {
    for (const server of [a, b]) {
      const socket = await openOwnerSocket(server.url, { token: ownerToken });
      sockets.push(socket);
      expect(await socket.join(fleet.ownerId)).toEqual({ ok: true });
    }
    const drivers = fleet.drivers.slice(0, 6);
    const t = Date.now();
    const answers = await Promise.all(drivers.map((driver, i) => send(i % 2 ? a : b, driver.token, t + i)));
    expect(answers.map((answer) => answer.status)).toEqual(drivers.map(() => 202));
    for (const socket of sockets) {
      for (const driver of drivers) {
        await socket.waitFor((e) => e.event === 'location_update' && (e.payload as LocationUpdate).shift_id === driver.shiftId);
      }
    }
  });

  it('refuses on one process a token whose password was reset through the other', async () => {
    const driver = fleet.drivers[6];
    expect((await send(b, driver.token, Date.now())).status).toBe(202); // now cached in b
    const reset = await apiCall(a.url, `/api/drivers/${driver.id}`, {
      token: ownerToken,
      method: 'PUT',
      json: { first_name: 'Conductor', last_name: 'Carga', password: 'otra-clave-789' },
    });
    expect(reset.status).toBe(200);
    expect(await eventually(async () => (await send(b, driver.token, Date.now())).status, 401)).toBe(401);
  });

  it('refuses points on one process for a shift ended through the other', async () => {
    const driver = fleet.drivers[7];
    expect((await send(b, driver.token, Date.now())).status).toBe(202);
    expect((await apiCall(a.url, '/api/driver/shifts/end', { token: driver.token, json: {} })).status).toBe(200);
    expect(await eventually(async () => (await send(b, driver.token, Date.now())).status, 409)).toBe(409);
  });
});
