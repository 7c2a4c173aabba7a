/**
 * Makes the run's data folder template (dataFolderTemplate.ts): a DATA_DIR whose embedded database
 * is made and migrated, with no owner and no fleet. Jest's global setup calls it; the browser tests'
 * global setup runs this file as a script (`node --require tsx/cjs makeDataFolderTemplate.ts <dir>`),
 * as the server's PGlite worker does not load inside Playwright's runner.
 */
import { mkdirSync } from 'node:fs';
import { openPglite } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import { databaseFolder } from './dataFolderTemplate';

export async function makeDataFolderTemplate(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const database = await openPglite(databaseFolder(dir));
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: makeDataFolderTemplate.ts <folder>');
  makeDataFolderTemplate(dir).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
