/**
 * Kill -9 under load, on both databases: the server process is killed with SIGKILL while drivers
 * send batches and the owner creates drivers; after a restart on the same data every acknowledged
 * point (202) and driver (201) is there. A longer run: `npm run chaos`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killUnderLoad } from '../../../tools/testing/killUnderLoad';
import { createScratchDatabase, type ScratchDatabase } from '../../../tools/testing/scratchDatabase';
import { freePort } from '../../../tools/testing/serverProcess';

jest.setTimeout(180_000);
const adminUrl = process.env.TEST_DATABASE_URL;

it('loses no acknowledged point or driver when killed under load (embedded database)', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-kill-'));
  try {
    const result = await killUnderLoad({ port: await freePort(), dataDir, drivers: 4, loadMs: 2500, rutBody: 41_000_000 });
    expect(result.acknowledgedPoints).toBeGreaterThan(0);
    expect(result).toMatchObject({ lostPoints: 0, lostDrivers: 0 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

(adminUrl ? it : it.skip)('loses no acknowledged point or driver when killed under load (PostgreSQL)', async () => {
  const scratch: ScratchDatabase = await createScratchDatabase(adminUrl as string, 'flota_kill');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-kill-pg-'));
  try {
    const result = await killUnderLoad({ port: await freePort(), dataDir, databaseUrl: scratch.url, drivers: 4, loadMs: 2500, rutBody: 42_000_000 });
    expect(result.acknowledgedPoints).toBeGreaterThan(0);
    expect(result).toMatchObject({ lostPoints: 0, lostDrivers: 0 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
});
