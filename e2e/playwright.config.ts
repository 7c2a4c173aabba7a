/**
 * Browser tests in Debian's Chromium (never a downloaded browser), against the real server.
 * Software WebGL (SwiftShader) lets MapLibre draw without a GPU.
 */
import { defineConfig } from '@playwright/test';
import { E2E_URL } from './support/ports';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  // Chromium draws date inputs in its UI language: dd-mm-aaaa as a Chilean dispatcher sees them.
  '--lang=es-CL',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'artifacts/test-results',
  // One worker, deliberately. The journeys share one server and its data (auth, csp and embed
  // count the demo fleet's 25 drivers while conductor adds and removes drivers), spawned servers
  // share ports (liveMap and deskAttention the spare port; embed and liveMapConsole E2E_PORT + 4),
  // and on 2 cores Chromium's software WebGL and the server already keep both busy.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_URL,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'npx tsx e2e/support/e2eServer.ts',
    // The history fixture (e2eServer.ts): the newest past demo shifts with full trails and
    // summaries before the server answers, for Reportes' kilometres and the replay's stops.
    // Offers last 10 s instead of 20: dispatch.spec.ts waits for one to run out on the phone.
    // Webhooks may point at the test's own receiver on 127.0.0.1 (notifications.spec.ts).
    env: { E2E_HISTORY_SHIFTS: '30', DISPATCH_OFFER_SECONDS: '10', WEBHOOKS_ALLOW_PRIVATE: '1' },
    cwd: '..',
    url: `${E2E_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
