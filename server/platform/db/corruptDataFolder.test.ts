/**
 * A damaged embedded database stops the start with a message that says what to check, and a
 * non-zero exit, never a hang (issue 32): the real server as its own process on a data folder whose
 * control file or WAL was overwritten.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyDataTemplate, databaseFolder } from '../../tools/testing/dataFolderTemplate';
import { freePort, startServerProcess } from '../../tools/testing/serverProcess';
import { openPglite } from './client';

jest.setTimeout(180_000);

let healthy: string;
beforeAll(async () => {
  healthy = mkdtempSync(path.join(os.tmpdir(), 'flota-healthy-'));
  // The test run's migrated data folder when there is one (a copy: no initdb), else a fresh one.
  copyDataTemplate(healthy);
  if (existsSync(databaseFolder(healthy))) return;
  const database = await openPglite(databaseFolder(healthy));
  await database.close();
});
afterAll(() => rmSync(healthy, { recursive: true, force: true }));

/** A copy of the healthy folder, damaged by `damage`; what the start printed and how it ended. */
async function startOnDamaged(damage: (pglite: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-damaged-'));
  try {
    cpSync(healthy, dataDir, { recursive: true });
    damage(path.join(dataDir, 'pglite'));
    const started = Date.now();
    const outcome = await startServerProcess({ port: await freePort(), env: { DATA_DIR: dataDir, JWT_SECRET: 'corrupt-test-secret-0123456789-0123456789' }, readyTimeoutMs: 90_000 }).then(
      async (server) => {
        await server.kill('SIGKILL');
        return 'started';
      },
      (error: Error) => error.message,
    );
    return { outcome, seconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const CLEAR_MESSAGE = /server exited \(1\) before it was ready:[\s\S]*La base de datos embebida en \S+pglite no pudo abrirse[\s\S]*espacio libre[\s\S]*restaura una copia/;

it('a zeroed control file: a clear message and exit code 1', async () => {
  const { outcome, seconds } = await startOnDamaged((pglite) => writeFileSync(path.join(pglite, 'global/pg_control'), Buffer.alloc(8192)));
  console.info(`zeroed pg_control: ended in ${seconds.toFixed(1)} s`);
  expect(outcome).toMatch(CLEAR_MESSAGE);
});

it('an overwritten WAL: a clear message and exit code 1', async () => {
  const { outcome, seconds } = await startOnDamaged((pglite) => {
    const wal = path.join(pglite, 'pg_wal');
    for (const segment of readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name))) writeFileSync(path.join(wal, segment), Buffer.alloc(64 * 1024, 0x5a));
  });
  console.info(`overwritten WAL: ended in ${seconds.toFixed(1)} s`);
  expect(outcome).toMatch(CLEAR_MESSAGE);
});
