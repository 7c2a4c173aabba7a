/**
 * A data folder whose embedded database is already made and migrated, copied into a test's fresh
 * DATA_DIR before its server process starts. Why: a fresh folder's first open runs PGlite's initdb
 * (5-7 s on this 2-core machine) and 33 migrations, once per server a test spawns; a copy of a
 * folder made once per run takes a fraction of a second. The server then starts as on any folder
 * with a database and no fleet: it seeds the demo fleet and prints its first-start lines as usual.
 *
 * A test about the first start itself (firstStart.test.ts) never copies. The browser tests' global
 * setup makes the template with makeDataFolderTemplate.ts; Jest's global setup unpacks its migrated
 * PGlite template (jestGlobalSetup.ts). This file only copies it, so the browser tests' runner can
 * import it without loading the database layer.
 */
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where a run's template is (set by Jest's and Playwright's global setup); unset: no copy, initdb as usual. */
export const DATA_TEMPLATE_VARIABLE = 'FLOTA_TEST_DATA_TEMPLATE';

/** The embedded database's folder inside a DATA_DIR (platform/db/client.ts opens the same). */
export const databaseFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Copies the run's template database into `dataDir` when it has none yet (a server restarted on the
 * same folder keeps its own data). Without a template (a script outside the test runners): nothing.
 */
export function copyDataTemplate(dataDir: string, template = process.env[DATA_TEMPLATE_VARIABLE]): void {
  if (!template || existsSync(databaseFolder(dataDir))) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(databaseFolder(template), databaseFolder(dataDir), { recursive: true, preserveTimestamps: true });
}
