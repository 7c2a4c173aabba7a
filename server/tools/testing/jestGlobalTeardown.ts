/** Jest's global teardown for the server tests: removes this run's PGlite templates. */
import { rmSync } from 'node:fs';
import { TEMPLATE_DIR_VARIABLE } from './pgliteTemplate';

export default function removeTemplates(): void {
  const dir = process.env[TEMPLATE_DIR_VARIABLE];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
