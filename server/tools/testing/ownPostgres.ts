/**
 * A PostgreSQL server of a test's own (scripts/pg-test-server.sh in a folder and on a port of its
 * own), for tests that stop and start it: CI's shared server (TEST_DATABASE_URL) must stay up for
 * every other test running beside them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../../scripts/pg-test-server.sh');

export interface OwnPostgres {
  /** The admin URL (database `postgres`). */
  url: string;
  /** pg_ctl stop -m fast: every connection is ended, as in a restart. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flota-own-pg-'));
  const env = { ...process.env, PGTEST_DIR: dir, PGTEST_PORT: String(port) };
  const start = async () => {
    const { stdout } = await run('bash', [SCRIPT, 'start'], { env });
    return /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1] ?? '';
  };
  const stop = async () => {
    await run('bash', [SCRIPT, 'stop'], { env });
  };
  // A port already taken (another server) fails the start: leave nothing behind.
  const url = await start().catch(async (error: unknown) => {
    await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  if (!url) throw new Error('pg-test-server.sh printed no URL');
  return {
    url,
    stop,
    start: async () => void (await start()),
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
