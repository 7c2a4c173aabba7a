/**
 * The replay of a 12-hour shift at 1 Hz (43,200 points, issue 21's proof) in headless Debian
 * Chromium (SwiftShader WebGL) against the real server on PGlite and the production build: time
 * to first frame (navigation to the replay URL → map, route and chart drawn, player ready) and
 * frames per second while playing at 60×. Timings are printed, never asserted.
 *
 * `npm run bench -- replay` (needs dist/: `npm run build`). BENCH_PORT=4922 (and +1 for tiles),
 * BENCH_PLAY_S=8, BENCH_DIST=<another build> (to alternate with a reference build),
 * BENCH_REF_DIST=<another build> (served at BENCH_REF_PORT, default BENCH_PORT+2, 0 for a port the system picks: each round opens
 * both builds, in alternating order, and the same-run ratio is printed), BENCH_ROUNDS=5,
 * BENCH_PROFILE=<folder> (CPU profiles of opening and of playing, and their top functions),
 * BENCH_TRACE=<file.json> (with BENCH_PROFILE: a Chromium trace of the first open, every thread),
 * BENCH_TIER=rows (the trail unpacked), BENCH_FIRST_FRAME=dom (the old build's first frame: the
 * page's elements there, without waiting for the route's drawing; to compare with a build that lacks it).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs } from '../e2e/playwright.config';
import { startCpuProfile } from './cdpProfile';
import { countPresentedFrames } from './cdpFrames';
import { againstReference, cpuReference, loadAverage, summarize } from './stats';
import { packShift } from '../server/modules/positions/packed/packShift';
import { startTileServer } from '../e2e/support/tileServer';
import { buildServer } from '../server/app';
import { hashPassword } from '../server/modules/identity';
import { loadConfig } from '../server/platform/config';
import { openPglite } from '../server/platform/db/client';
import { migrateToLatest } from '../server/platform/db/migrate';
import { createFleet, insertShifts } from '../server/tools/testing/fleetFixtures';
import { SyntheticTrack } from '../server/tools/testing/syntheticTrack';

const PORT = Number(process.env.BENCH_PORT ?? 4922);
const PLAY_S = Number(process.env.BENCH_PLAY_S ?? 8);
const PASSWORD = 'replay-bench-2026';
const root = path.resolve(__dirname, '..');
const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const REF_DIST = process.env.BENCH_REF_DIST ? path.resolve(process.env.BENCH_REF_DIST) : null;
const REF_PORT = Number(process.env.BENCH_REF_PORT ?? PORT + 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (REF_DIST ? 5 : 1));
const PROFILE = process.env.BENCH_PROFILE;
/** A Chromium trace of the first open (every thread: the page, MapLibre's worker, the GPU), to read in DevTools or Perfetto. */
const TRACE = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel', 'gpu'];
const TIER = process.env.BENCH_TIER === 'rows' ? 'rows' : 'packed';

/** 12 hours at 1 Hz: 40-minute rounds of driving legs and a 10-minute stop, around La Ligua. */
function twelveHours(start: Date): SyntheticTrack {
  const track = new SyntheticTrack(start);
  while (track.now - start.getTime() < 12 * 3_600_000 - 1_800_000) {
    track.drive(4000, 1500, 600).drive(-2500, 3000, 600).stand(600, 4).drive(-1500, -4500, 600);
  }
  const left = Math.floor((start.getTime() + 12 * 3_600_000 - track.now) / 1000) - 1;
  return track.stand(left, 4);
}

interface Build {
  name: string;
  dist: string;
  base: string;
}

interface PlayFigures {
  fps: number;
  presented: number;
  movesPerSecond: number;
  shiftSeconds: number;
  elapsed: number;
}

/** Opens the replay (a full navigation) and times it to its first frame. */
async function openReplay(browser: Browser, page: Page, url: string, profiling: boolean): Promise<{ firstFrameMs: number; signalled: boolean }> {
  const profiler = profiling ? await startCpuProfile(page) : null;
  if (profiling && TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const opened = performance.now();
  await page.goto(url);
  await page.getByRole('button', { name: 'Reproducir' }).waitFor();
  await page.locator('.flota-speed-chart canvas').first().waitFor();
  await page.locator('.flota-replay-taxi').waitFor();
  // The first frame: MapLibre has drawn a frame with the route's source loaded (the map stops
  // being aria-busy), the taxi on it. A build without that signal is timed on the DOM alone.
  const signalled = process.env.BENCH_FIRST_FRAME !== 'dom' && (await page.locator('.flota-replay__map[aria-busy]').count()) > 0;
  if (signalled) await page.locator('.flota-replay__map[aria-busy="false"]').waitFor();
  else await page.waitForFunction(() => document.querySelector('.maplibregl-canvas') !== null);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const firstFrameMs = performance.now() - opened;
  if (profiling && TRACE) writeFileSync(TRACE, await browser.stopTracing());
  if (profiler) {
    await profiler.stop(path.join(PROFILE ?? '', 'replay-open'));
    const entries = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => [e.name.split('/').slice(-2).join('/'), Math.round(e.startTime), Math.round(e.responseEnd), e.encodedBodySize])`)) as Array<[string, number, number, number]>;
    for (const [name, from, to, size] of entries) console.log(`  ${String(from).padStart(6)}–${String(to).padStart(6)} ms ${size} B ${name}`);
  }
  return { firstFrameMs, signalled };
}

/** Plays the open replay at 60× for PLAY_S seconds: frames by requestAnimationFrame and by the compositor. */
async function playAt60(browser: Browser, page: Page, profiling: boolean): Promise<PlayFigures> {
  if (process.env.BENCH_FOLLOW === 'off') await page.getByLabel('Seguir al taxi').uncheck();
  await page.getByRole('combobox', { name: 'Velocidad' }).selectOption('60');
  const profiler = profiling ? await startCpuProfile(page) : null;
  const compositor = await countPresentedFrames(browser, page);
  await page.getByRole('button', { name: 'Reproducir' }).click();
  // Frames the page ran (requestAnimationFrame), and of those the ones where the taxi stood
  // somewhere else on the screen than the frame before (its marker moved, or the map under it).
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
const figures = (await page.evaluate(`(async () => {
    const slider = document.querySelector('input[type=range]');
    const taxi = document.querySelector('.flota-replay-taxi');
    const mapCanvas = document.querySelector('.maplibregl-canvas');
    const from = Number(slider.value);
    let frames = 0, moves = 0, last = '';
    const started = performance.now();
    await new Promise((resolve) => {
      const tick = () => {
        frames += 1;
        const box = taxi.getBoundingClientRect();
        const where = box.x.toFixed(1) + ',' + box.y.toFixed(1);
        if (where !== last) moves += 1;
        last = where;
        if (performance.now() - started < ${PLAY_S} * 1000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    const elapsed = (performance.now() - started) / 1000;
    return { fps: frames / elapsed, movesPerSecond: moves / elapsed, shiftSeconds: (Number(slider.value) - from) / 1000, elapsed };
  })()`)) as { fps: number; movesPerSecond: number; shiftSeconds: number; elapsed: number };
  const presented = await compositor.stop();
  await profiler?.stop(path.join(PROFILE ?? '', 'replay-play'));
  return { ...figures, presented };
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/ has no build: npm run build first');
  const database = await openPglite(null);
  const { db } = database;
  await migrateToLatest(db);
  const fleet = await createFleet(db, { rutBody: 37_000_000, company: 'Taxis Bench', passwordHash: await hashPassword(PASSWORD), driverNames: ['Rita'], platePrefix: 'BNCH' });
  const start = new Date(Date.now() - 13 * 3_600_000);
  const [shiftId] = await insertShifts(db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, vehicle_id: fleet.drivers[0].vehicle_id, start_time: start, end_time: new Date(start.getTime() + 12 * 3_600_000) }]);
  const points = twelveHours(start).points;
  for (let i = 0; i < points.length; i += 2000) {
    await db
      .insertInto('shift_locations')
      .values(points.slice(i, i + 2000).map((point) => ({ shift_id: shiftId, latitude: point.latitude, longitude: point.longitude, recorded_at: new Date(point.time) })))
      .execute();
  }
  const tiles = await startTileServer(PORT + 1);
  const servers: Array<Awaited<ReturnType<typeof buildServer>>> = [];
  const serve = async (dist: string, port: number): Promise<string> => {
    const config = {
      ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789-0123456789-abc', DATA_DIR: '/nonexistent-flota-bench', DIST_DIR: dist, TILE_URL: tiles.url }),
      host: '127.0.0.1',
      port,
      simulator: false,
    };
    const server = await buildServer(config, { db, dbKind: database.kind, logger: false, backgroundPasses: { summaryBackfill: false } });
    servers.push(server);
    // BENCH_REF_PORT=0: a port the system picks (when a helper holds only BENCH_PORT and the tiles' port).
    const address = await server.app.listen({ host: '127.0.0.1', port });
    return address.replace('localhost', '127.0.0.1');
  };
  const base = await serve(DIST, PORT);
  const builds: Build[] = [{ name: REF_DIST ? 'this build' : 'build', dist: DIST, base }];
  if (REF_DIST) builds.push({ name: 'reference build', dist: REF_DIST, base: await serve(REF_DIST, REF_PORT) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const pages: Page[] = [];
    for (const build of builds) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
      await page.goto(`${build.base}/login`);
      await page.getByLabel('RUT').fill(fleet.ownerRut);
      await page.getByLabel('Contraseña').fill(PASSWORD);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
      pages.push(page);
    }
    // An ended shift's summary is computed (and kept) on its first read: read it first, as the background pass would have.
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: fleet.ownerRut, password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    await fetch(`${base}/api/shifts/${shiftId}/summary`, { headers: { authorization: `Bearer ${token}` } });

    // The pack pass packs an ended shift a minute after its end (positions/packed/trailPackPass.ts):
    // a shift ended an hour ago is read from trail_chunks. BENCH_TIER=rows reads it unpacked.
    if (TIER === 'packed') await packShift(db, shiftId);
    const answers: number[] = [];
    let answerBytes = 0;
    for (let i = 0; i < 4; i += 1) {
      const asked = performance.now();
      const answer = await fetch(`${base}/api/shifts/${shiftId}/replay`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
      answerBytes = (await answer.arrayBuffer()).byteLength;
      answers.push(performance.now() - asked);
    }

    // Each round opens every build, in alternating order, so a burst of load on the shared machine
    // falls on both alike.
    const firstFrames: number[][] = builds.map(() => []);
    let signalled = true;
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
      for (const i of order) {
        const opened = await openReplay(browser, pages[i], `${builds[i].base}/dashboard/history/${shiftId}/replay`, PROFILE !== undefined && round === 0 && i === 0);
        firstFrames[i].push(opened.firstFrameMs);
        signalled &&= opened.signalled;
      }
    }
    const played: PlayFigures[] = [];
    for (const [i, page] of pages.entries()) played.push(await playAt60(browser, page, PROFILE !== undefined && i === 0));

    const served = summarize(answers.slice(1));
    console.log(`12-hour shift at 1 Hz: ${points.length} points, read ${TIER === 'packed' ? 'packed (as a minute after its end)' : 'from rows (unpacked)'}`);
    // The first read of an ended shift reads and decodes its trail and keeps the columns (reports/replayCache.ts); the page's read is a later one.
    console.log(`GET /shifts/:id/replay from Node: ${answers[0].toFixed(0)} ms the first time, ${served.median.toFixed(0)} ms median of 3 again; ${(answerBytes / 1024).toFixed(0)} KB of JSON`);
    const medians = firstFrames.map((samples) => summarize(samples).median);
    builds.forEach((build, i) => {
      const figures = played[i];
      console.log(`${build.name} (${build.dist}):`);
      console.log(
        `  time to first frame: ${(medians[i] / 1000).toFixed(2)} s median of ${ROUNDS} [${firstFrames[i].map((ms) => (ms / 1000).toFixed(2)).join(' ')}] (target ≤ 1.5 s; ${signalled ? 'route drawn on the map' : 'DOM only, the route not waited for'})`,
      );
      console.log(
        `  playing at 60×: ${figures.fps.toFixed(1)} frames/s by requestAnimationFrame, ${figures.presented.toFixed(1)} by the compositor (target ≥ 30); the taxi moved on screen on ${figures.movesPerSecond.toFixed(1)} frames/s; ${figures.shiftSeconds.toFixed(0)} s of shift in ${figures.elapsed.toFixed(1)} s`,
      );
    });
    if (REF_DIST) console.log(`first frame, this build / reference build: ${(medians[0] / medians[1]).toFixed(2)} (medians of the same run)`);
    // Without a reference build, the same run's CPU reference (stats.ts) says how fast the machine was.
    else console.log(`first frame = ${againstReference(medians[0], cpuReference())} (BENCH_REF_DIST compares with another build)`);
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
    await tiles.close();
    await database.close();
  }
}
