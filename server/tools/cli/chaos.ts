/**
 * `npm run chaos`: kill -9 under load, on the embedded database and on PostgreSQL (TEST_DATABASE_URL,
 * skipped when unset), several times each on the same data: every acknowledged point and driver
 * must be there after each restart. Exits 1 on any loss. Knobs: CHAOS_RUNS (3), CHAOS_LOAD_MS
 * (4000), CHAOS_DRIVERS (8), CHAOS_PORT (5220).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killUnderLoad } from '../testing/killUnderLoad';
import { createScratchDatabase } from '../testing/scratchDatabase';

const RUNS = Number(process.env.CHAOS_RUNS ?? 3);
const LOAD_MS = Number(process.env.CHAOS_LOAD_MS ?? 4000);
const DRIVERS = Number(process.env.CHAOS_DRIVERS ?? 8);
const PORT = Number(process.env.CHAOS_PORT ?? 5220);

async function campaign(name: string, dataDir: string, databaseUrl?: string): Promise<number> {
  let lost = 0;
  for (let run = 0; run < RUNS; run++) {
    // Same data folder / database every run: each restart also proves the server starts on it.
    const result = await killUnderLoad({ port: PORT, dataDir, databaseUrl, drivers: DRIVERS, loadMs: LOAD_MS, rutBody: 43_000_000 + run * 1000 });
    lost += result.lostPoints + result.lostDrivers;
    console.log(
      `${name} corrida ${run + 1}: ${result.acknowledgedPoints} puntos y ${result.acknowledgedDrivers} conductores confirmados; ` +
        `perdidos ${result.lostPoints} puntos, ${result.lostDrivers} conductores; ${result.failedRequests} solicitudes cortadas por el kill -9`,
    );
  }
  return lost;
}

async function main() {
  let lost = 0;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-chaos-'));
  try {
    lost += await campaign('PGlite', dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) console.log('PostgreSQL: omitido (sin TEST_DATABASE_URL; ver scripts/pg-test-server.sh).');
  else {
    const scratch = await createScratchDatabase(adminUrl, 'flota_chaos');
    const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-chaos-pg-'));
    try {
      lost += await campaign('PostgreSQL', pgDataDir, scratch.url);
    } finally {
      rmSync(pgDataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  }
  console.log(lost === 0 ? 'Ninguna escritura confirmada se perdió.' : `${lost} escrituras confirmadas se perdieron.`);
  process.exit(lost === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
