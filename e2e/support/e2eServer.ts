/**
 * What the browser tests run against: the real server (real embedded PostgreSQL, demo fleet, built
 * SPA from dist/) on a throwaway data folder, with tiles from a local tile server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTileServer } from './tileServer';
import { E2E_PORT, E2E_TILE_PORT } from './ports';

async function run() {
  const tiles = await startTileServer(E2E_TILE_PORT);
  // E2E_DATA_DIR: a folder the caller owns and keeps, so a restarted server finds the same data
  // and the same JWT secret (tokens stay valid). Otherwise a throwaway folder.
  const keptDataDir = process.env.E2E_DATA_DIR;
  const dataDir = keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-'));
  Object.assign(process.env, {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TILE_URL: tiles.url,
    SIMULATOR: process.env.SIMULATOR ?? 'off',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  if (!keptDataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const { main } = await import('../../server/index');
  await main();
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
