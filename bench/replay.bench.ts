/**
 * The replay of a 12-hour shift at 1 Hz (43,200 points, issue 21's proof) in headless Debian
 * Chromium (SwiftShader WebGL) against the real server on PGlite and the production build: time
 * to first frame (navigation to the replay URL → map, route and chart drawn, player ready) and
 * frames per second while playing at 60×. Timings are printed, never asserted.
 *
 * `npm run bench -- replay` (needs dist/: `npm run build`). BENCH_PORT=4922 (and +1 for tiles),
 * BENCH_PLAY_S=8.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../e2e/playwright.config';
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

/** 12 hours at 1 Hz: 40-minute rounds of driving legs and a 10-minute stop, around La Ligua. */
function twelveHours(start: Date): SyntheticTrack {
  const track = new SyntheticTrack(start);
  while (track.now - start.getTime() < 12 * 3_600_000 - 1_800_000) {
    track.drive(4000, 1500, 600).drive(-2500, 3000, 600).stand(600, 4).drive(-1500, -4500, 600);
  }
  const left = Math.floor((start.getTime() + 12 * 3_600_000 - track.now) / 1000) - 1;
  return track.stand(left, 4);
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/ has no build: npm run build first');
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
  const config = {
    ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789-0123456789-abc', DATA_DIR: '/nonexistent-flota-bench', DIST_DIR: path.join(root, 'dist'), TILE_URL: tiles.url }),
    host: '127.0.0.1',
    port: PORT,
    simulator: false,
  };
  const server = await buildServer(config, { db, dbKind: database.kind, logger: false, summaryBackfill: false });
  await server.app.listen({ host: '127.0.0.1', port: PORT });
  const base = `http://127.0.0.1:${PORT}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
    await page.goto(`${base}/login`);
    await page.getByLabel('RUT').fill(fleet.ownerRut);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    // An ended shift's summary is computed (and kept) on its first read: read it first, as the background pass would have.
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: fleet.ownerRut, password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    await fetch(`${base}/api/shifts/${shiftId}/summary`, { headers: { authorization: `Bearer ${token}` } });

    const opened = performance.now();
    await page.goto(`${base}/dashboard/history/${shiftId}/replay`);
    await page.getByRole('button', { name: 'Reproducir' }).waitFor();
    await page.locator('.flota-speed-chart canvas').first().waitFor();
    // MapLibre has drawn the route: its canvas exists and the map reports it loaded.
    await page.waitForFunction(() => document.querySelector('.maplibregl-canvas') !== null && document.querySelector('.flota-replay-taxi') !== null);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const firstFrameMs = performance.now() - opened;

    await page.getByRole('combobox', { name: 'Velocidad' }).selectOption('60');
    await page.getByRole('button', { name: 'Reproducir' }).click();
    // A string, not a function: tsx would wrap a named function in a helper the page does not have.
    const figures = (await page.evaluate(`(async () => {
      const slider = document.querySelector('input[type=range]');
      const from = Number(slider.value);
      let frames = 0, moves = 0, last = slider.value;
      const started = performance.now();
      await new Promise((resolve) => {
        const tick = () => {
          frames += 1;
          if (slider.value !== last) moves += 1;
          last = slider.value;
          if (performance.now() - started < ${PLAY_S} * 1000) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      const elapsed = (performance.now() - started) / 1000;
      return { fps: frames / elapsed, movesPerSecond: moves / elapsed, shiftSeconds: (Number(slider.value) - from) / 1000, elapsed };
    })()`)) as { fps: number; movesPerSecond: number; shiftSeconds: number; elapsed: number };
    console.log(`12-hour shift at 1 Hz: ${points.length} points`);
    console.log(`time to first frame: ${(firstFrameMs / 1000).toFixed(2)} s (target ≤ 1.5 s)`);
    console.log(`playing at 60×: ${figures.fps.toFixed(1)} frames/s (target ≥ 30), the taxi moved on ${figures.movesPerSecond.toFixed(1)} frames/s, ${figures.shiftSeconds.toFixed(0)} s of shift in ${figures.elapsed.toFixed(1)} s`);
  } finally {
    await browser.close();
    await server.close();
    await tiles.close();
    await database.close();
  }
}
