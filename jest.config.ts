/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// @swc/jest only strips types; `npm run typecheck` (tsc) checks them.
const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Jest runs CommonJS: every .mjs file, and these ESM-only packages' .js files, are transformed
// (@fastify/swagger-ui is listed so the ESM-only content-disposition nested inside it is reached).
const esmPackages = ['jose', 'msw', '@mswjs', 'rettime', 'until-async', '@open-draft', '@bundled-es-modules', 'headers-polyfill', 'outvariant', 'strict-event-emitter', '@fastify/swagger-ui', 'content-disposition', 'flatbush', 'flatqueue'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/).+\\.c?js$`];
const transform = { '^.+\\.(t|j|mj)sx?$': swc };

const config: Config = {
  // Web tests wait for screens with findBy (3 s each, setupTests.ts): a loaded, shared machine needs
  // the room. (A project's own testTimeout is not read; only the top level's.)
  testTimeout: 15_000,
  // Two workers for the 2-core CI machine (Jest's default, cores - 1, is one). A server test file
  // spends much of its time waiting (on its PGlite worker thread, HTTP round trips, timers), which a
  // second file fills. Measured on 6 server and 6 web files, alternating, load average 6-8
  // (2026-11-27): server 57 and 48 s on one worker, 45 and 39 s on two; web 41 and 51 s on one, 44
  // and 31 s on two. Not more: each server file holds a PGlite of ~700 MB. (One value for both
  // projects: Jest has no per-project workers.)
  maxWorkers: 2,
  // A worker whose JS heap (not PGlite's wasm memory) is past 1 GB after a file is replaced: CI once
  // lost a worker to SIGABRT late in the run, after 90 files; a fresh one costs about a second.
  workerIdleMemoryLimit: '1GB',
  // Without cached timings (a fresh clone), the files that start processes of their own run first.
  testSequencer: '<rootDir>/jest.sequencer.cjs',
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/src/testing/styleStub.ts',
        '\\.(png|svg)$': '<rootDir>/src/testing/fileStub.ts',
        '^maplibre-gl$': '<rootDir>/src/testing/maplibreStandIn.ts',
        // The worker is loaded by URL in the browser; in Jest it is only a name.
        '^maplibre-gl/dist/maplibre-gl-worker\\.mjs$': '<rootDir>/src/testing/fileStub.ts',
        '^react-map-gl/maplibre$': '<rootDir>/src/testing/reactMapGlStandIn.tsx',
        // terra-draw draws on MapLibre's canvas: a stand-in the Zonas tests finish shapes on.
        '^terra-draw$': '<rootDir>/src/testing/terraDrawStandIn.ts',
        '^terra-draw-maplibre-gl-adapter$': '<rootDir>/src/testing/terraDrawStandIn.ts',
      },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/contract'],
      testMatch: ['**/*.test.ts'],
      // PGlite templates (initdb and migrations) made once per run, copied by each test file.
      globalSetup: '<rootDir>/server/tools/testing/jestGlobalSetup.ts',
      globalTeardown: '<rootDir>/server/tools/testing/jestGlobalTeardown.ts',
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
