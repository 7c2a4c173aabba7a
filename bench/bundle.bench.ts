/**
 * `npm run bench -- bundle`: what Chromium downloads for /login, the dashboard and the live map
 * from this production build (`npm run build` first), against the budget: the first screen (login
 * and the app shell) ≤ 150 KB of compressed JS+CSS; the passenger's tracking page (its own entry, a
 * fresh browser page) ≤ 120 KB, and the "Pedir un taxi" page (its own entry too) under the same 120 KB.
 *
 * With BUNDLE_BEFORE=<folder of another checkout, built>, e.g. the commit before issue 13:
 *   git worktree add /tmp/flota-before 16233b5 && ln -s "$PWD/node_modules" /tmp/flota-before/
 *   (cd /tmp/flota-before && npx webpack --mode production)
 *   BUNDLE_BEFORE=/tmp/flota-before npm run bench -- bundle
 * it measures that build too, served by its own server, so before and after come from one run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { measureScreens, type ScreenBytes, type Transfer } from './bundleSizes';
import { loadAverage } from './stats';

const FIRST_SCREEN_BUDGET_KB = 150;
/** Issue 36: the passenger's page, its own JS + CSS (tiles not counted). */
const PASSENGER_BUDGET_KB = 120;
const PORT_AFTER = Number(process.env.BENCH_PORT ?? 5610);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (transfers: Transfer[], pick: (t: Transfer) => number) => transfers.reduce((total, t) => total + pick(t), 0);

function table(label: string, screens: ScreenBytes[]): void {
  console.log(`\n${label}`);
  console.log(['screen'.padEnd(14), 'JS+CSS raw', 'JS+CSS gzip-9', 'JS+CSS on the wire', 'all raw', 'all on the wire'].map((h) => h.padStart(h === 'screen' ? 14 : 18)).join(' '));
  for (const { screen, transfers } of screens) {
    const code = transfers.filter((t) => t.kind !== 'other');
    const cells = [sum(code, (t) => t.raw), sum(code, (t) => t.gzip), sum(code, (t) => t.wire), sum(transfers, (t) => t.raw), sum(transfers, (t) => t.wire)];
    console.log([screen.padEnd(14), ...cells.map((c) => kb(c).padStart(18))].join(' '));
  }
  const budget = (what: string, transfers: Transfer[], budgetKb = FIRST_SCREEN_BUDGET_KB) => {
    const wire = sum(
      transfers.filter((t) => t.kind !== 'other'),
      (t) => t.wire,
    );
    console.log(`${what} JS+CSS on the wire: ${kb(wire)} of ${budgetKb} KB budget (${((wire / 1024 / budgetKb) * 100).toFixed(0)}%)`);
  };
  budget('/login', screens[0].transfers);
  budget('/login + the app shell (dashboard)', [...screens[0].transfers, ...screens[1].transfers]);
  const passenger = screens.find((screen) => screen.screen === '/seguimiento');
  if (passenger) budget('/seguimiento (the passenger, beside /login above)', passenger.transfers, PASSENGER_BUDGET_KB);
  const requests = screens.find((screen) => screen.screen === '/pedir');
  const requestsMap = screens.find((screen) => screen.screen === '+ /pedir map');
  if (requests) budget('/pedir ("Pedir un taxi", the same budget)', requests.transfers, PASSENGER_BUDGET_KB);
  if (requests && requestsMap) budget('/pedir with its map opened', [...requests.transfers, ...requestsMap.transfers], PASSENGER_BUDGET_KB);
  for (const { screen, transfers } of screens) {
    console.log(`  ${screen}: ${transfers.map((t) => `${path.basename(new URL(t.url).pathname)} ${kb(t.wire)}`).join(', ')}`);
  }
}

export async function run(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('No production build: run `npm run build` first.');
  table(`after (this checkout, ${root})`, await measureScreens(root, PORT_AFTER));
  const before = process.env.BUNDLE_BEFORE;
  if (before) {
    if (!existsSync(path.join(before, 'dist', 'index.html'))) throw new Error(`${before} has no build (dist/index.html)`);
    table(`before (${before})`, await measureScreens(before, PORT_AFTER + 1));
  }
  console.log(`load average at the end: ${loadAverage()}`);
}
