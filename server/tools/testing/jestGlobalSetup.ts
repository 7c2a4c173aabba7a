/**
 * Jest's global setup for the server tests: makes the PGlite templates (pgliteTemplate.ts) once per
 * run, before any worker starts, and tells the workers where they are through the environment
 * (workers inherit it). jestGlobalTeardown.ts removes them.
 *
 * The migrated template also becomes a data folder template (dataFolderTemplate.ts) for the tests
 * that spawn the server as its own process on a fresh DATA_DIR: the dump is the database's files, so
 * unpacking it is a data folder (a fraction of a second), where each spawned server would otherwise
 * run initdb and every migration (5-10 s each on this machine).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_TEMPLATE_VARIABLE, databaseFolder } from './dataFolderTemplate';
import { makePgliteTemplates, migratedTemplateFile, TEMPLATE_DIR_VARIABLE } from './pgliteTemplate';

export default async function makeTemplates(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flota-pglite-templates-'));
  await makePgliteTemplates(dir);
  process.env[TEMPLATE_DIR_VARIABLE] = dir;
  const dataTemplate = path.join(dir, 'data-folder');
  mkdirSync(databaseFolder(dataTemplate), { recursive: true, mode: 0o700 });
  // The dump's member names are absolute (/base/…): tar strips the leading slash.
  execFileSync('tar', ['-xf', migratedTemplateFile(dir), '-C', databaseFolder(dataTemplate)], { stdio: 'ignore' });
  process.env[DATA_TEMPLATE_VARIABLE] = dataTemplate;
}
