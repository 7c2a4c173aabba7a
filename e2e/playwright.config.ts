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
  // (support/ports.ts). E2E_WORKERS sets how many. One by default: two measured faster on six specs
  // (626 s against 504 s, loads 13-30) but slower on a whole run once (31.7 against 22.5 min), and on
  // a starved machine a threeServers process lost its lease; CI takes one until a quiet whole run
  // says otherwise (README, "Browser tests").
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  // A hang guard, not a budget: with two workers on a loaded machine (load 20-29) a journey of 27 s
  // at load 12 (desk.spec.ts) ran past 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    // No trace by default: recording one for every test (to keep it on a failure) cost 15-18% of
    // the tests' time (history and auth specs, alternated twice, load 13-16). To read a failure's
    // trace, run that spec again with --trace retain-on-failure.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
});
