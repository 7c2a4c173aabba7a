/* ESLint (legacy config, as the stack requires). Zero warnings: `npm run lint` uses --max-warnings 0. */
const { readdirSync } = require('node:fs');
const path = require('node:path');
const { moduleOrder, modulePairs } = require('./server/modules/order.cjs');

/** The folders under `dir`, as they are on disk: a new feature or module is covered without editing a list. */
const foldersOf = (dir) =>
  readdirSync(path.join(__dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const features = foldersOf('src/features');

// One-way imports between layers (see DESIGN.md): contract <- lib/components <- features <- app <- entries.
// Features reach into app/ only for the shared api, typed hooks and config.
const layerZones = [
  { target: './contract', from: ['./src', './server'], message: 'contract/ is shared: no SPA or server code.' },
  { target: './server', from: './src', message: 'The server never imports the SPA.' },
  { target: './src', from: './server', message: 'The SPA never imports the server.' },
  { target: ['./src/lib', './src/components', './src/hooks'], from: ['./src/features', './src/app'], message: 'lib/, components/ and hooks/ sit below features and app.' },
  {
    target: './src/app',
    from: './src/features',
    except: features.map((name) => `./${name}/index.ts`),
    message: "app/ uses a feature only through its door, src/features/<feature>/index.ts: export what app/ needs there.",
  },
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
// Modules: each may import its own folder, flotaModule.ts, and the index.ts of the modules LOWER in
// server/modules/order.cjs (and its pair's); tests may use any module's index.ts. A folder the order does
// not list is refused every import in or out, and named, until it is written in its place.
const serverModules = foldersOf('server/modules');
const entries = ['./server/app.ts', './server/index.ts', './server/start.ts'];
const unlisted = serverModules.filter((name) => !moduleOrder.includes(name));
const gone = moduleOrder.filter((name) => !serverModules.includes(name));
if (gone.length) throw new Error(`server/modules/order.cjs lists ${gone.join(', ')}, with no such folder under server/modules/`);
const pairOf = (name) => modulePairs.flatMap((pair) => (pair.includes(name) ? pair.filter((other) => other !== name) : []));
const lowerThan = (name) => moduleOrder.slice(0, moduleOrder.indexOf(name));
const doorsOf = (names) => names.map((other) => `./${other}/index.ts`);

const moduleDoorZones = (name) => ({
  target: `./server/modules/${name}`,
  from: './server/modules',
  except: [`./${name}`, './flotaModule.ts', ...doorsOf(serverModules.filter((other) => other !== name))],
  message: 'A module uses another module only through its index.ts (and is mounted through modules/index.ts).',
});
const moduleOrderZone = (name) => {
  const higher = moduleOrder.filter((other) => other !== name && !lowerThan(name).includes(other) && !pairOf(name).includes(other));
  return {
    target: `./server/modules/${name}`,
    from: higher.map((other) => `./server/modules/${other}/index.ts`),
    message: `${name} sits below ${higher.join(', ')} in server/modules/order.cjs: it may import only a lower module's index.ts (a lower module offers a hook instead).`,
  };
};
const unlistedZones = unlisted.flatMap((name) => {
  const message = `server/modules/${name} is not in server/modules/order.cjs: write it there, lowest first, before it imports or is imported.`;
  return [
    { target: `./server/modules/${name}`, from: './server', except: [`./modules/${name}`], message },
    { target: ['./server/platform', './server/tools', './server/modules/index.ts', ...entries, ...serverModules.filter((other) => other !== name).map((other) => `./server/modules/${other}`)], from: `./server/modules/${name}`, message },
  ];
});

const serverZones = [
  { target: './server/platform', from: './server/modules', message: 'platform/ sits below the modules and never imports one: hand it what it needs (as SocketIdentity).' },
  { target: './server/modules/flotaModule.ts', from: './server/modules', message: 'flotaModule.ts is what every module stands on: it imports no module (a module adds its services by declaration merging).' },
  ...serverModules.map(moduleDoorZones),
  ...unlistedZones,
];
// Product code also keeps the order; a test may drive any module through its index.ts.
const moduleOrderZones = moduleOrder.map(moduleOrderZone).filter((zone) => zone.from.length);
// Tests may use the harness in tools/ and start the whole server; product code may not.
const productOnlyZones = [
  { target: ['./server/platform', './server/modules'], from: './server/tools', message: 'tools/ is harness code (seed, simulator, tests, CLI): the product never imports it.' },
  { target: ['./server/platform', './server/modules'], from: entries, message: 'Only the entries compose the server; platform/ and modules/ do not import them.' },
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
    'import/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones, ...moduleOrderZones, ...productOnlyZones] }],
    'import/no-cycle': ['error', { ignoreExternal: true }],
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    eqeqeq: ['error', 'smart'],
    // DateField and TimeField render the input a label wraps (typed dd/mm/aaaa and hh:mm, issue 46).
    'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['DateField', 'TimeField'], depth: 3 }],
  },
  overrides: [
    { files: ['*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
    { files: ['server/**/*.test.ts'], rules: { 'import/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones] }] } },
    { files: ['server/**', 'bench/**', 'e2e/**', '*.config.ts', 'webpack.config.ts'], rules: { 'no-console': 'off' } },
    // A spec's test runs against its worker's own server only through support/test.ts (baseURL).
    {
      files: ['e2e/*.spec.ts'],
      rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', message: "Import test and expect from './support/test': each worker has a server of its own (baseURL)." }] }] },
    },
  ],
};
