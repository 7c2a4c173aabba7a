/**
 * A stop signal ends the server within 10 s (issue 32) whatever background pass is under way: the
 * demo history right after the first start, the summary backfill and the trail packing (with
 * retention in front of it) over a backlog of ended shifts, the dispatch sweeps all along. The
 * real server as its own process, on the embedded database and (TEST_DATABASE_URL) on PostgreSQL;
 * each run prints the seconds it took. SHUTDOWN_TEST_ROOT runs another tree the same way (the
 * figure for main before the change).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openPglite, openPostgres, type OpenDatabase } from './platform/db/client';
import { maintainHotWeeks } from './modules/positions/packed/hotWeeks';
import { createOnShiftFleet } from './tools/testing/bulkFleet';
import { createScratchDatabase, type ScratchDatabase } from './tools/testing/scratchDatabase';
import { freePort, startServerProcess, type ServerProcess } from './tools/testing/serverProcess';

jest.setTimeout(400_000);
const adminUrl = process.env.TEST_DATABASE_URL;
const ROOT = process.env.SHUTDOWN_TEST_ROOT;
const SECRET = 'shutdown-test-secret-0123456789-0123456789';
/** The product's promise (README): a stop signal ends the process within this. */
const EXIT_WITHIN_MS = 10_000;
/** Ended shifts and points each: a backlog that keeps both passes busy for far longer than the bound. */
const BACKLOG_SHIFTS = 8;
const POINTS_PER_SHIFT = 15_000;

/** Starts the server, waits until its output says `busy` (a pass is under way), sends SIGTERM: ms until it exited. */
async function termWhileBusy(env: Record<string, string>, busy: RegExp | null): Promise<{ ms: number; code: number | null; output: string }> {
  const server: ServerProcess = await startServerProcess({ root: ROOT, port: await freePort(), env: { JWT_SECRET: SECRET, ...env }, readyTimeoutMs: 180_000 });
  try {
    if (busy) {
      const since = Date.now();
      while (!busy.test(server.output())) {
        if (Date.now() - since > 60_000) throw new Error(`no ${busy} within 60 s:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const sent = Date.now();
    server.child.kill('SIGTERM');
    const code = await exited;
    return { ms: Date.now() - sent, code, output: server.output() };
  } finally {
    await server.kill('SIGKILL');
  }
}

/** Ended shifts (yesterday) full of unpacked points and without summaries: work for both passes. */
async function addBacklog(database: OpenDatabase): Promise<void> {
  const { db } = database;
  await maintainHotWeeks(db, Date.now());
  const startedAt = new Date(Date.now() - 30 * 3600_000);
  const fleet = await createOnShiftFleet(db, { drivers: BACKLOG_SHIFTS, jwtSecret: SECRET, rutBody: 31_000_000, startedAt });
  for (const driver of fleet.drivers) {
    // One point a second for POINTS_PER_SHIFT seconds, wandering around Santiago.
    await sql`
      insert into shift_locations (shift_id, latitude, longitude, recorded_at)
      select ${driver.shiftId}, -33.45 + sin(n / 300.0) * 0.02, -70.66 + cos(n / 300.0) * 0.02, ${startedAt.toISOString()}::timestamptz + make_interval(secs => n)
      from generate_series(1, ${POINTS_PER_SHIFT}) as n`.execute(db);
  }
  const endedAt = new Date(startedAt.getTime() + POINTS_PER_SHIFT * 1000 + 1000).toISOString();
  await sql`update shifts set end_time = ${endedAt}::timestamptz where id in (${sql.join(fleet.drivers.map((d) => d.shiftId))})`.execute(db);
}

/** Every run: during the demo history, the summary backfill and the trail packing. */
async function eachPass(env: Record<string, string>, openData: () => Promise<OpenDatabase>, label: string): Promise<void> {
  const figures: string[] = [];
  const check = (pass: string, run: { ms: number; code: number | null; output: string }) => {
    figures.push(`${pass} ${(run.ms / 1000).toFixed(1)} s (exit ${run.code})`);
    if (run.ms >= EXIT_WITHIN_MS) console.error(run.output);
    expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
  };
  // The first start seeds the demo fleet; its history pass starts as the server listens.
  check('demo history', await termWhileBusy(env, null));
  const database = await openData();
  try {
    await addBacklog(database);
  } finally {
    await database.close();
  }
  const quiet = { ...env, DEMO_HISTORY: 'off', LOG_LEVEL: 'info' };
  check('summary backfill', await termWhileBusy(quiet, /Resúmenes de turnos: calculando los que faltan/));
  check('trail packing', await termWhileBusy({ ...quiet, RETENTION_DAYS: '3650' }, /Trayectos: compactando turnos terminados/));
  console.info(`SIGTERM during each pass, ${label}${ROOT ? ` (${ROOT})` : ''}: ${figures.join(' · ')}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

describe('SIGTERM during each background pass', () => {
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-shutdown-'));
  });
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
    scratch = null;
  });

  it('exits within 10 s on the embedded database', async () => {
    await eachPass({ DATA_DIR: dataDir }, () => openPglite(path.join(dataDir, 'pglite')), 'PGlite');
  });

  (adminUrl ? it : it.skip)('exits within 10 s on PostgreSQL', async () => {
    scratch = await createScratchDatabase(adminUrl as string, 'flota_shutdown');
    const url = scratch.url;
    await eachPass({ DATA_DIR: dataDir, DATABASE_URL: url }, () => openPostgres(url), 'PostgreSQL');
  });
});
