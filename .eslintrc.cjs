/* ESLint (legacy config, as the stack requires). Zero warnings: `npm run lint` uses --max-warnings 0. */
const features = ['auth', 'layout', 'dashboard', 'drivers', 'vehicles', 'liveMap', 'history', 'account', 'users', 'activity', 'conductor', 'dispatch'];

// One-way imports between layers (see DESIGN.md): contract <- lib/components <- features <- app <- entries.
// Features reach into app/ only for the shared api, typed hooks and config.
const layerZones = [
  { target: './contract', from: ['./src', './server'], message: 'contract/ is shared: no SPA or server code.' },
  { target: './server', from: './src', message: 'The server never imports the SPA.' },
  { target: './src', from: './server', message: 'The SPA never imports the server.' },
  { target: ['./src/lib', './src/components'], from: ['./src/features', './src/app'], message: 'lib/ and components/ sit below features and app.' },
  {
    target: './src/features',
    from: './src/app',
    except: ['./api.ts', './hooks.ts', './config.ts'],
    message: 'Features may use only the shared api, hooks and config from app/.',
  },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature does not import another feature; compose them in app/.',
  })),
  // Inside the live map: state/ is the bottom (slices, api, pure rules); map/, list/ and realtime/ sit on it.
  {
    target: './src/features/liveMap/state',
    from: ['./src/features/liveMap/map', './src/features/liveMap/list', './src/features/liveMap/realtime'],
    message: 'liveMap/state/ is the bottom of the live map: it never imports map/, list/ or realtime/.',
  },
  {
    target: './src/features/liveMap/realtime',
    from: ['./src/features/liveMap/map', './src/features/liveMap/list'],
    message: 'The realtime connection feeds state/ and knows nothing of the screen.',
  },
];

// The server in layers (docs/architecture.md): entries (app.ts, index.ts, start.ts) <- modules/<domain> <- platform.
// tools/ (seed, simulator, test harness, CLI) may use anything; product code never uses tools/.
const serverModules = ['identity', 'drivers', 'vehicles', 'shifts', 'positions', 'desk'];
const serverZones = [
  { target: './server/platform', from: './server/modules', message: 'platform/ sits below the modules and never imports one: hand it what it needs (as SocketIdentity).' },
  ...serverModules.map((name) => ({
    target: `./server/modules/${name}`,
    from: './server/modules',
    except: [`./${name}`, './flotaModule.ts', ...serverModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'A module uses another module only through its index.ts (and is mounted through modules/index.ts).',
  })),
];
// Tests may use the harness in tools/ and start the whole server; product code may not.
const productOnlyZones = [
  { target: ['./server/platform', './server/modules'], from: './server/tools', message: 'tools/ is harness code (seed, simulator, tests, CLI): the product never imports it.' },
  { target: ['./server/platform', './server/modules'], from: ['./server/app.ts', './server/index.ts', './server/start.ts'], message: 'Only the entries compose the server; platform/ and modules/ do not import them.' },
];

module.exports = {
  root: true,
  env: { browser: true, node: true, es2022: true },
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react', 'react-hooks', 'jsx-a11y', 'import'],
  extends: [
    'eslint:recommended',
    'plugin:@typescript-eslint/recommended',
    'plugin:react/recommended',
    'plugin:react/jsx-runtime',
    'plugin:react-hooks/recommended',
    'plugin:jsx-a11y/recommended',
  ],
  settings: {
    react: { version: 'detect' },
    'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
  },
  ignorePatterns: ['node_modules/', 'dist/', 'data/', 'coverage/', 'test-results/', 'playwright-report/', 'e2e/artifacts/', '!.eslintrc.cjs'],
  rules: {
    'import/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones, ...productOnlyZones] }],
    'import/no-cycle': ['error', { ignoreExternal: true }],
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    eqeqeq: ['error', 'smart'],
  },
  overrides: [
    { files: ['*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
    { files: ['server/**/*.test.ts'], rules: { 'import/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones] }] } },
    { files: ['server/**', 'bench/**', 'e2e/**', '*.config.ts', 'webpack.config.ts'], rules: { 'no-console': 'off' } },
  ],
};
