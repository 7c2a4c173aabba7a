/**
 * The embedded data folder's WAL: PGlite has no checkpointer, so without the limits and the
 * periodic checkpoint the folder kept every byte ever written (hundreds of MB a day of the demo).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openPglite, type OpenDatabase } from './client';
import { folderBytes } from './dataFolderSize';
import { startWalCheckpoints } from './walCheckpoints';

const MB = 1e6;
let root: string;
let dataDir: string;
let database: OpenDatabase;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'flota-wal-'));
  dataDir = path.join(root, 'pglite');
  database = await openPglite(dataDir);
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const walBytes = () => folderBytes(path.join(dataDir, 'pg_wal'));

/** About 30 MB of WAL per round: rows written, then deleted. */
async function churn(rounds: number) {
  await sql`create table if not exists churn (id int, body text)`.execute(database.db);
  for (let i = 0; i < rounds; i += 1) {
    await sql`insert into churn select g, repeat('x', 100) from generate_series(1, 100000) g`.execute(database.db);
    await sql`delete from churn`.execute(database.db);
  }
}

it('runs with WAL limits a checkpoint can trim to', async () => {
  const { rows } = await sql<{ max: string; min: string }>`select current_setting('max_wal_size') as max, current_setting('min_wal_size') as min`.execute(database.db);
  expect(rows[0]).toEqual({ max: '32MB', min: '32MB' });
});

it('gives the WAL back at the next periodic checkpoint', async () => {
  await churn(6);
  const grown = walBytes();
  expect(grown).toBeGreaterThan(120 * MB);
  const checkpoints = startWalCheckpoints(database.db, 50);
  try {
    // The timer's checkpoint, not one asked here.
    const deadline = Date.now() + 20_000;
    while (walBytes() > 64 * MB && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await checkpoints.stop();
  }
  expect(walBytes()).toBeLessThanOrEqual(64 * MB);
  // The data is all there, written and deleted as asked.
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from churn`.execute(database.db);
  expect(rows[0].n).toBe(0);
}, 90_000);
