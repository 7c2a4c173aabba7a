import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from './client';
import { makePrivate } from './privateFiles';

/** Every file and folder under root whose mode lets anyone but the owner in. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    if ((statSync(folder).mode & 0o077) !== 0) found.push(folder);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if ((statSync(full).mode & 0o077) !== 0) found.push(full);
    }
  };
  walk(root);
  return found;
}

describe('embedded database files', () => {
  const umask = process.umask();
  afterAll(() => process.umask(umask));

  it('are private to the server user, also those left world-writable by an older version', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'flota-private-'));
    const dataDir = path.join(root, 'pglite');
    mkdirSync(path.join(dataDir, 'old'), { recursive: true });
    writeFileSync(path.join(dataDir, 'old', 'file'), 'x');
    chmodSync(path.join(dataDir, 'old', 'file'), 0o666);
    chmodSync(path.join(dataDir, 'old'), 0o777);

    makePrivate(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);

    // What PGlite writes afterwards (in its worker thread) is private too.
    const database = await openPglite(dataDir);
    await database.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    expect(openToOthers(dataDir)).toEqual([]);
    await database.close();
    expect(readdirSync(dataDir).length).toBeGreaterThan(3);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);
});
