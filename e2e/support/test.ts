/**
 * The browser tests' `test`: Playwright's, with a server of the worker's own. Each worker starts the
 * real server (embedded PostgreSQL, demo fleet, built SPA, local tiles) on its own ports and data
 * folder before its first test and stops it after its last, and every test's baseURL points at it.
 * So two workers never share data: a journey that counts the demo fleet's 25 drivers cannot meet
 * another worker's new driver. A worker that fails a test is replaced, and its successor starts on
 * fresh data.
 *
 * Every spec imports `test` and `expect` from here, never from '@playwright/test'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { workerPorts } from './ports';
import { spawnServer } from './spawnedServer';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request, TestInfo } from '@playwright/test';

/**
 * What the worker's server runs with. The history fixture gives the newest 30 past demo shifts full
 * trails and summaries before the server answers (Reportes' kilometres, the replay's stops). Offers
 * last 10 s instead of 20 (dispatch.spec.ts waits for one to run out on the phone). Webhooks may point
 * at the test's own receiver on 127.0.0.1 (notifications.spec.ts). Idle connections stay open 2 minutes
 * instead of 5 s: Playwright's own HTTP client (page.request, route.fetch) reuses a pooled connection
 * without retrying when the server closes it at that moment, and a journey then failed on ECONNRESET
 * with the server up (a browser retries such a request itself).
 */
export const WORKER_SERVER_ENV = { E2E_HISTORY_SHIFTS: '30', DISPATCH_OFFER_SECONDS: '10', WEBHOOKS_ALLOW_PRIVATE: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '120', LOG_LEVEL: 'warn' };

export const test = base.extend<object, { workerServerUrl: string }>({
  workerServerUrl: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, provide, workerInfo) => {
      const ports = workerPorts(workerInfo.parallelIndex);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `flota-e2e-w${workerInfo.parallelIndex}-`));
      const server = await spawnServer({ port: ports.server, tilePort: ports.tiles, dataDir, env: WORKER_SERVER_ENV });
      try {
        await provide(server.url);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ workerServerUrl }, provide) => provide(workerServerUrl),
});
