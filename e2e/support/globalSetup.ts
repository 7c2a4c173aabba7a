/**
 * Once per browser-test run, before any worker: a data folder with the embedded database made and
 * migrated (server/tools/testing/makeDataFolderTemplate.ts), which every server a test spawns starts
 * from instead of running initdb and the migrations again (5-10 s each, about 17 servers a run).
 * Made by a child process: the server's PGlite worker does not load inside Playwright's runner.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_TEMPLATE_VARIABLE } from '../../server/tools/testing/dataFolderTemplate';

const root = path.resolve(__dirname, '..', '..');

export default function makeDataTemplate(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-template-'));
  const made = spawnSync(process.execPath, ['--require', path.join(root, 'node_modules/tsx/dist/cjs/index.cjs'), path.join(root, 'server/tools/testing/makeDataFolderTemplate.ts'), dir], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (made.status !== 0) throw new Error(`the data folder template could not be made:\n${made.stdout}${made.stderr}`);
  // Workers inherit the runner's environment.
  process.env[DATA_TEMPLATE_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
