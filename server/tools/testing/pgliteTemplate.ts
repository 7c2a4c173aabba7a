/**
 * In-memory PGlite databases for tests, copied from templates made once per Jest run
 * (jestGlobalSetup.ts): initdb (most of a fresh PGlite's start) and the migrations run once, and
 * each test file opens a copy of the dumped data folder instead.
 *
 * The templates hold no demo seed: the seed is relative to the clock (active shifts, last positions,
 * licence expiries), and a test file may start many minutes after the templates were made.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPglite, type PgliteDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';

/** Where jestGlobalSetup.ts put the templates; unset (a bench, a script, one test outside Jest): none. */
export const TEMPLATE_DIR_VARIABLE = 'FLOTA_TEST_PGLITE_TEMPLATES';

export type TemplateKind = 'empty' | 'migrated';

const templateFile = (dir: string, kind: TemplateKind) => path.join(dir, `${kind}.tar`);

/** The migrated template's dump (a tar of the database's files), which the global setup also unpacks as a data folder. */
export const migratedTemplateFile = (dir: string) => templateFile(dir, 'migrated');

/** Writes both templates into `dir`: right after initdb, and migrated to the latest schema. */
export async function makePgliteTemplates(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const database = await openPglite(null);
  try {
    await database.dumpDataDir(templateFile(dir, 'empty'));
    await migrateToLatest(database.db);
    await database.dumpDataDir(templateFile(dir, 'migrated'));
  } finally {
    await database.close();
  }
}

/**
 * A fresh in-memory PGlite, migrated (default) or as initdb left it: a copy of this run's template
 * when there is one, else made from scratch (seconds slower, same result).
 */
export async function openTestPglite(kind: TemplateKind = 'migrated'): Promise<PgliteDatabase> {
  const dir = process.env[TEMPLATE_DIR_VARIABLE];
  if (dir) return openPglite(null, { loadDataDir: templateFile(dir, kind) });
  const database = await openPglite(null);
  if (kind === 'migrated') await migrateToLatest(database.db);
  return database;
}
