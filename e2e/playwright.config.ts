/**
 * Browser tests in Debian's Chromium (never a downloaded browser), against the real server.
 * Software WebGL (SwiftShader) lets MapLibre draw without a GPU.
 */
import { defineConfig } from '@playwright/test';

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
  // A migrated database every spawned server copies instead of making its own (support/globalSetup.ts).
  globalSetup: './support/globalSetup.ts',
  // Each worker has a server of its own (support/test.ts), so workers share no data and no ports
  // (support/ports.ts). E2E_WORKERS sets how many.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
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
});
