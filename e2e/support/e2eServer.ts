/**
 * What the browser tests run against: the real server (real embedded PostgreSQL, demo fleet, built
 * SPA from dist/) on a throwaway data folder, with tiles from a local tile server.
 *
 * Without the demo-history pass (DEMO_HISTORY=off): it would fill 30 days of trails in the
 * background for minutes, on every server a test starts. A test that needs history gets a fixture
 * instead: E2E_HISTORY_SHIFTS=N gives the newest N past demo shifts their full trail and summary
 * (the same pass, for those shifts only) before the server answers. E2E_TILE_SERVER=off starts no
 * tile server (a test of the maps without a base map); TILES_PMTILES passes through to the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTileServer } from './tileServer';

async function run() {
  // The caller (spawnedServer.ts) names both ports: a worker's own server or a test's spare one.
  const port = Number(process.env.E2E_PORT ?? 4810);
  const tilePort = Number(process.env.E2E_TILE_PORT ?? port + 1);
  // E2E_TILE_URL: another server's tiles (several processes behind one proxy must name the same
  // tile server: the page's CSP comes from one process, config.json from another).
  // E2E_TILE_SERVER=off: TILE_URL still names the tile port, where nothing answers (a tile outage).
  const tiles = process.env.E2E_TILE_URL
    ? { url: process.env.E2E_TILE_URL }
    : process.env.E2E_TILE_SERVER === 'off'
      ? { url: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png` }
      : await startTileServer(tilePort);
  // E2E_DATA_DIR: a folder the caller owns and keeps, so a restarted server finds the same data
  // and the same JWT secret (tokens stay valid). Otherwise a throwaway folder.
  const keptDataDir = process.env.E2E_DATA_DIR;
  const dataDir = keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-'));
  Object.assign(process.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TILE_URL: tiles.url,
    SIMULATOR: process.env.SIMULATOR ?? 'off',
    DEMO_HISTORY: process.env.DEMO_HISTORY ?? 'off',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  if (!keptDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const historyShifts = Number(process.env.E2E_HISTORY_SHIFTS ?? 0);
  // Imported once the environment above is set.
  const { main } = await import('../../server/index');
  const { startDemoHistory } = await import('../../server/tools/seed/demoHistory');
  await main({
    beforeListen: historyShifts > 0 ? async (db) => void (await startDemoHistory(db, { limit: historyShifts, pauseMs: 0, log: console.info }).done) : undefined,
  });
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
