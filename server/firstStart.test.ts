/**
 * A first start of the real server (tsx server/index.ts, its own process, a fresh data folder, the
 * built-in simulator on, every request logged at debug): the simulator never asks to end a shift that is
 * not open nor to start one that is (no 409 at start), the banner is the last thing printed, and
 * the demo fleet's Actividad already has a few weeks of entries by its desk users.
 * (The build's progress lines: server/buildProgress.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ActivityEntry } from '../contract/entities';
import { DEMO_DESK_USERS } from './tools/seed/demoDesk';
import { DEMO_OWNER_RUT, DEMO_PASSWORD } from './tools/seed/demoFleet';
import { apiCall } from './tools/testing/http';
import { freePort, startServerProcess, type ServerProcess } from './tools/testing/serverProcess';


let server: ServerProcess;
let dataDir: string;
let printed = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-first-start-'));
  server = await startServerProcess({
    port: await freePort(),
    env: { DATA_DIR: dataDir, SIMULATOR: 'on', LOG_LEVEL: 'debug', LOG_FORMAT: 'json', JWT_SECRET: 'first-start-secret-0123456789-0123456789' },
    readyTimeoutMs: 150_000,
    // A first start: initdb and every migration, not the test run's migrated copy.
    freshDataFolder: true,
  });
  // The banner is several lines: let them all arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
  printed = server.output();
}, 160_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('the simulator asks for no shift change the server must refuse, and the banner comes last', () => {
  const lines = printed.split('\n').filter((line) => line.trim());
  // Every request is logged (debug); the simulator's are below info, so a first start stays short.
  const shiftRequests = lines.filter((line) => line.includes('/api/driver/shifts/'));
  expect(shiftRequests.length).toBeGreaterThan(0);
  expect(shiftRequests.every((line) => line.includes('"level":20'))).toBe(true);
  expect(shiftRequests.filter((line) => line.includes('"statusCode":409'))).toEqual([]);
  const shown = lines.filter((line) => !line.includes('"level":20'));
  expect(shown.filter((line) => line.includes('Simulador:'))).toHaveLength(1);
  const banner = shown.findIndex((line) => line.includes('Flota lista en'));
  expect(shown.slice(banner + 1).every((line) => line.startsWith('  ') || /^─+$/.test(line))).toBe(true);
  // Without a build (DIST_DIR is missing here), the start says little before the banner.
  expect(banner).toBeLessThan(20);
});

it('a fresh demo has weeks of Actividad by its desk users', async () => {
  const { token } = (await apiCall(server.url, '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })).body as { token: string };
  const { status, body } = await apiCall(server.url, '/api/activity?page_size=100', { token });
  expect(status).toBe(200);
  const { entries, total } = body as { entries: ActivityEntry[]; total: number };
  expect(total).toBeGreaterThanOrEqual(50);
  expect(new Set(entries.map((e) => e.actor_name))).toEqual(new Set(['Carolina Muñoz', `${DEMO_DESK_USERS[0].first_name} ${DEMO_DESK_USERS[0].last_name}`]));
  expect(new Set(entries.map((e) => e.entity))).toEqual(new Set(['driver', 'vehicle']));
  expect(entries.some((e) => e.action === 'updated' && e.changes.phone)).toBe(true);
  // Newest first, none in the future, the oldest weeks back.
  const times = entries.map((e) => Date.parse(e.created_at));
  expect(times.every((t, i) => i === 0 || t <= times[i - 1])).toBe(true);
  expect(times[0]).toBeLessThanOrEqual(Date.now());
  const oldest = await apiCall(server.url, `/api/activity?page_size=100&page=${Math.ceil(total / 100)}`, { token });
  const last = (oldest.body as { entries: ActivityEntry[] }).entries.at(-1) as ActivityEntry;
  expect(Date.now() - Date.parse(last.created_at)).toBeGreaterThan(21 * 24 * 3_600_000);
  expect(last).toMatchObject({ actor_name: 'Carolina Muñoz', entity: 'vehicle', action: 'created' });
});
