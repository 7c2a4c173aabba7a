/**
 * Kill -9 in the middle of packing, on both databases: a process packing a 3-hour 1 Hz trail is
 * killed with SIGKILL a moment after a window commits (so usually inside the next window's
 * transaction); on reopening, the trail reads back exactly as before — no point lost, none
 * duplicated — part of it packed and part still rows, and a second pack finishes the job.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type OpenDatabase } from '../../../platform/db/client';
import { migrateToLatest } from '../../../platform/db/migrate';
import { createFleet, insertShifts } from '../../../tools/testing/fleetFixtures';
import { createScratchDatabase } from '../../../tools/testing/scratchDatabase';
import { packShift } from './packShift';
import { readStoredPoints } from './storedPoints';
import { countRows, makeTrail, START_US, storeRows } from './trailFixtures';

jest.setTimeout(180_000);
const adminUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(__dirname, '../../../..');

/** Runs tools/testing/packInChild.ts and SIGKILLs it `afterMs` after its `windows`-th committed window. */
function packAndKill(env: Record<string, string>, windows: number, afterMs: number): Promise<{ killed: boolean; output: string }> {
  const child = spawn(process.execPath, ['--require', path.join(root, 'node_modules/tsx/dist/cjs/index.cjs'), path.join(root, 'server/tools/testing/packInChild.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let seen = 0;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const now = (output.match(/^ventana$/gm) ?? []).length;
      if (seen < windows && now >= windows) setTimeout(() => child.kill('SIGKILL'), afterMs);
      seen = now;
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (_code, signal) => resolve({ killed: signal === 'SIGKILL', output }));
  });
}

interface Place {
  env: Record<string, string>;
  open(): Promise<OpenDatabase>;
  drop(): Promise<void>;
}

async function embeddedPlace(): Promise<Place> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flota-packkill-'));
  return { env: { PGLITE_DIR: dir }, open: () => openPglite(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresPlace(): Promise<Place> {
  const scratch = await createScratchDatabase(adminUrl as string, 'flota_packkill');
  return { env: { DATABASE_URL: scratch.url }, open: () => openPostgres(scratch.url), drop: scratch.drop };
}

const places: Array<[string, () => Promise<Place>]> = [['the embedded database', embeddedPlace]];
if (adminUrl) places.push(['PostgreSQL', postgresPlace]);
else console.warn('packKill.test.ts: PostgreSQL part skipped because TEST_DATABASE_URL is not set.');

it.each(places)('a kill -9 while packing on %s loses no point and duplicates none', async (_name, makePlace) => {
  const place = await makePlace();
  try {
    // 10,800 points: 18 ten-minute windows.
    const trail = makeTrail(10_800);
    let database = await place.open();
    await migrateToLatest(database.db);
    const fleet = await createFleet(database.db, { rutBody: 36_500_000, company: 'Taxis Corte', passwordHash: 'x', driverNames: ['Iris'] });
    const [shiftId] = await insertShifts(database.db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, start_time: new Date(START_US / 1000), end_time: new Date() }]);
    await storeRows(database.db, shiftId, trail);
    await database.close();

    // Killed 5 ms after the 4th window's commit: inside the 5th window's transaction.
    const run = await packAndKill({ ...place.env, SHIFT_ID: String(shiftId) }, 4, 5);
    expect(run.output).not.toContain('terminado');
    expect(run.killed).toBe(true);

    database = await place.open();
    const rows = await countRows(database.db, 'shift_locations', shiftId);
    const chunks = await countRows(database.db, 'trail_chunks', shiftId);
    // Cut in the middle: some windows packed, the rest still rows.
    expect(chunks).toBeGreaterThanOrEqual(4);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(trail.length);
    expect(await readStoredPoints(database.db, shiftId)).toEqual(trail);

    await packShift(database.db, shiftId);
    expect(await countRows(database.db, 'shift_locations', shiftId)).toBe(0);
    expect(await readStoredPoints(database.db, shiftId)).toEqual(trail);
    await database.close();
  } finally {
    await place.drop();
  }
});
