/**
 * Jest's global setup for the server tests: makes the PGlite templates (pgliteTemplate.ts) once per
 * run, before any worker starts, and tells the workers where they are through the environment
 * (workers inherit it). jestGlobalTeardown.ts removes them.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePgliteTemplates, TEMPLATE_DIR_VARIABLE } from './pgliteTemplate';

export default async function makeTemplates(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flota-pglite-templates-'));
  await makePgliteTemplates(dir);
  process.env[TEMPLATE_DIR_VARIABLE] = dir;
}
