/**
 * `npm run bench -- ingest`: location ingest at city scale (issue 9's proof).
 *
 * For each database (embedded PGlite; PostgreSQL when TEST_DATABASE_URL is set, or a throwaway one
 * started with scripts/pg-test-server.sh when PostgreSQL's binaries are on PATH) and each server
 * (this tree; and the old path, commit 16233b5, checked out as a git worktree in /tmp/ingest-baseline
 * unless BENCH_INGEST_BASELINE=off):
 *   1. the real server starts as its own process once (migrations), and stops;
 *   2. 5,000 drivers on active shifts are prepared by the fastest legitimate path
 *      (server/testing/bulkFleet.ts: a few multi-row INSERTs, tokens signed with the server's secret);
 *   3. the server starts again (INGEST_BENCH_CEILING=on, LOG_LEVEL=info as in production) and an owner
 *      socket joins the fleet's room (batch opt-in; the old server ignores it);
 *   4. after an unmeasured warm-up of each route (BENCH_INGEST_WARMUP_SECONDS, 3 s),
 *      autocannon, in another process (bench/ingestLoad.ts), alternates the ceiling route (token check
 *      and 202, nothing else), POST /api/driver/locations and the OsmAnd endpoint (POST /osmand with
 *      the point in the query, as Traccar Client sends it), one point per request, each request from
 *      the next driver (its token, or its device identifier), ROUNDS times;
 *   5. it prints rate, p50/p95/p99, errors, socket fan-out p95 (point built → owner socket received),
 *      the driver API's ratio to the ceiling and OsmAnd's to the driver API, with the load average.
 * A round with errors (refused, failed, timed out) is printed as a FALLO, not as a rate or a ratio,
 * and the run exits non-zero (stats.ts's roundSucceeded).
 * Figures on a shared machine are indicative; the closing table compares medians of the rounds.
 * On a noisy machine many short rounds beat a few long ones: each round measures both routes back to
 * back (their order alternates, so a drift in the machine's load favours neither), its own ratio
 * and load average are printed, and the table gives the median of the rounds' ratios.
 * Knobs: BENCH_INGEST_DRIVERS (5000), BENCH_INGEST_ROUNDS (7), BENCH_INGEST_SECONDS (4), BENCH_INGEST_WARMUP_SECONDS (3),
 * BENCH_INGEST_CONNECTIONS (64), BENCH_INGEST_PORT (5210), BENCH_INGEST_DB (pglite,postgres),
 * BENCH_INGEST_OSMAND_PER_MINUTE (the server's /osmand limit per address, 1000000: set it low to see a FALLO).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import type { LocationUpdate } from '../contract/entities';
import { SOCKET_PATH } from '../contract/socket';
import { openPglite, openPostgres } from '../server/platform/db/client';
import { createOnShiftFleet } from '../server/tools/testing/bulkFleet';
import { apiCall } from '../server/tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../server/tools/testing/scratchDatabase';
import { startServerProcess } from '../server/tools/testing/serverProcess';
import type { LoadConfig, LoadResult } from './ingestLoad';
import { loadAverage, roundSucceeded } from './stats';

const NEW_ROOT = path.resolve(__dirname, '..');
const BASELINE_COMMIT = '16233b5';
const BASELINE_ROOT = process.env.BENCH_INGEST_BASELINE_DIR ?? '/tmp/ingest-baseline';
const DRIVERS = Number(process.env.BENCH_INGEST_DRIVERS ?? 5000);
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_INGEST_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 64);
const PORT = Number(process.env.BENCH_INGEST_PORT ?? 5210);
const OSMAND_PER_MINUTE = process.env.BENCH_INGEST_OSMAND_PER_MINUTE ?? '1000000';
const SECRET = 'bench-ingest-secret-0123456789-0123456789';
const CEILING_PATH = '/api/driver/bench-ceiling';
const INGEST_PATH = '/api/driver/locations';
const OSMAND_PATH = '/osmand';

type Kind = 'pglite' | 'postgres';
interface Tree {
  name: 'nuevo' | 'anterior';
  root: string;
  hasCeiling: boolean;
  /** The OsmAnd endpoint exists (not in the baseline commit, which predates it). */
  hasOsmand: boolean;
}
interface RoundFigures {
  ceiling: LoadResult | null;
  ingest: LoadResult;
  osmand: LoadResult | null;
  socketP95: number;
  socketEvents: number;
  /** ingest rate / ceiling rate of this round */
  ratio: number;
  /** OsmAnd rate / driver API rate of this round (NaN without OsmAnd) */
  osmandRatio: number;
  /** Every route of this round answered without errors: only then are its rates and ratios figures. */
  clean: boolean;
  load: string;
}
type Route = 'ceiling' | 'ingest' | 'osmand';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const nearestRank = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
/** The median of the rounds' own ratios and their spread; a tree without the ceiling route: against this run's ceiling median. */
function ratioCell(rounds: RoundFigures[], againstMedianCeiling: number): string {
  if (rounds.some((r) => !r.clean)) return failedCell(rounds);
  const ratios = rounds.map((r) => r.ratio).filter((ratio) => !Number.isNaN(ratio));
  if (!ratios.length) return percent(againstMedianCeiling);
  return `${percent(median(ratios))} (${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))})`;
}
/** OsmAnd's rate over the driver API's, each round measured back to back: median and spread. */
function osmandRatioCell(rounds: RoundFigures[]): string {
  if (rounds.some((r) => !r.clean)) return failedCell(rounds);
  const ratios = rounds.map((r) => r.osmandRatio).filter((ratio) => !Number.isNaN(ratio));
  if (!ratios.length) return '-';
  return `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
}
/** What a table cell says instead of a ratio when rounds had errors. */
const failedCell = (rounds: RoundFigures[]) => `FALLO (${rounds.filter((r) => !r.clean).length} de ${rounds.length} rondas con errores)`;
const rateCell = (rounds: RoundFigures[], rate: (r: RoundFigures) => number) => (rounds.some((r) => !r.clean) ? 'FALLO' : median(rounds.map(rate)).toFixed(0));
const loadRange = (rounds: RoundFigures[]) => {
  const oneMinute = rounds.map((r) => Number(r.load.split(' ')[0]));
  return `${Math.min(...oneMinute).toFixed(1)}–${Math.max(...oneMinute).toFixed(1)}`;
};

function baselineTree(): Tree | null {
  if (process.env.BENCH_INGEST_BASELINE === 'off') return null;
  if (!existsSync(path.join(BASELINE_ROOT, 'server/index.ts'))) {
    execFileSync('git', ['worktree', 'add', '--detach', BASELINE_ROOT, BASELINE_COMMIT], { cwd: NEW_ROOT, stdio: 'ignore' });
  }
  // The dependencies of 16233b5 are this tree's (that commit pinned them).
  if (!existsSync(path.join(BASELINE_ROOT, 'node_modules'))) symlinkSync(path.join(NEW_ROOT, 'node_modules'), path.join(BASELINE_ROOT, 'node_modules'));
  return { name: 'anterior', root: BASELINE_ROOT, hasCeiling: false, hasOsmand: false };
}

/** PostgreSQL's URL, starting a throwaway server when only the binaries exist; null when neither. */
function postgresUrl(): { url: string; stop(): void } | null {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  try {
    execFileSync('which', ['pg_ctl', 'initdb'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const env = { ...process.env, PGTEST_DIR: process.env.PGTEST_DIR ?? '/tmp/pg-ingest-bench', PGTEST_PORT: process.env.PGTEST_PORT ?? '55440' };
  const script = path.join(NEW_ROOT, 'scripts/pg-test-server.sh');
  const line = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' });
  const url = line.trim().replace(/^export TEST_DATABASE_URL=/, '');
  return { url, stop: () => execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' }) };
}

function runLoad(url: string, route: Route, files: { tokens: string; devices: string }, workDir: string, durationSeconds = SECONDS): Promise<LoadResult> {
  const config: LoadConfig =
    route === 'osmand'
      ? { url, path: OSMAND_PATH, protocol: 'osmand', tokensFile: files.devices, connections: CONNECTIONS, durationSeconds }
      : { url, path: route === 'ceiling' ? CEILING_PATH : INGEST_PATH, tokensFile: files.tokens, connections: CONNECTIONS, durationSeconds };
  const configFile = path.join(workDir, 'load.json');
  writeFileSync(configFile, JSON.stringify(config));
  const loader = path.join(NEW_ROOT, 'node_modules/tsx/dist/cjs/index.cjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', loader, path.join(__dirname, 'ingestLoad.ts'), configFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() as string) as LoadResult) : reject(new Error(`load generator exited ${code}`))));
  });
}

/** The owner's live map: records, for each update, the time from the point's timestamp to its arrival. */
async function ownerSocket(url: string, token: string, ownerId: number): Promise<{ socket: Socket; delays: number[] }> {
  const delays: number[] = [];
  const socket = connect(url, { path: SOCKET_PATH, auth: { token, batch: true }, transports: ['websocket'], reconnection: false, forceNew: true });
  const record = (update: LocationUpdate) => delays.push(Date.now() - Date.parse(update.timestamp));
  socket.on('location_update', record);
  socket.on('location_batch', (payload: { updates: LocationUpdate[] }) => payload.updates.forEach(record));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await new Promise((resolve) => socket.emit('join_owner_room', ownerId, resolve));
  return { socket, delays };
}

async function measure(kind: Kind, tree: Tree, pgUrl: string | null): Promise<RoundFigures[]> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'flota-bench-ingest-'));
  const scratch: ScratchDatabase | null = kind === 'postgres' ? await createScratchDatabase(pgUrl as string, 'flota_bench') : null;
  const env = {
    DATA_DIR: workDir,
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'info',
    INGEST_BENCH_CEILING: 'on',
    // autocannon ignores `Connection: close`: past the default 1,000 requests per connection every
    // answer would be a 503, capping both routes at 64,000 requests a round.
    MAX_REQUESTS_PER_SOCKET: '1000000',
    // One load generator is one address: at /osmand's default per-address limit (6,000 a minute)
    // nearly every request of a round was refused with a 429, and the rate read was of refusals.
    // Its ceiling (config.ts's maximum) is far above what one machine sends.
    OSMAND_REQUESTS_PER_MINUTE: OSMAND_PER_MINUTE,
    // A small BENCH_INGEST_DRIVERS sends each shift many points a second: past the per-shift cap
    // (600 a minute) the round would measure 429s. The cap is still checked on every point.
    INGEST_POINTS_PER_MINUTE: '100000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  try {
    const first = await startServerProcess({ root: tree.root, port: PORT, env, readyTimeoutMs: 180_000 });
    await first.kill('SIGTERM');
    const database = scratch ? await openPostgres(scratch.url) : await openPglite(path.join(workDir, 'pglite'));
    const prepStarted = Date.now();
    const fleet = await createOnShiftFleet(database.db, { drivers: DRIVERS, jwtSecret: SECRET, startedAt: new Date(Date.now() - 3_600_000) });
    // The same drivers' device identifiers, in the same order: OsmAnd's load is the driver API's.
    const devices = await database.db.selectFrom('drivers').select(['id', 'device_id']).where('owner_id', '=', fleet.ownerId).execute();
    const deviceOf = new Map(devices.map((row) => [row.id, row.device_id]));
    await database.close();
    console.log(`  [${kind} · ${tree.name}] ${DRIVERS} conductores en turno preparados en ${((Date.now() - prepStarted) / 1000).toFixed(1)} s`);
    const tokensFile = path.join(workDir, 'tokens.json');
    writeFileSync(tokensFile, JSON.stringify(fleet.drivers.map((d) => d.token)));
    const devicesFile = path.join(workDir, 'devices.json');
    writeFileSync(devicesFile, JSON.stringify(fleet.drivers.map((d) => deviceOf.get(d.id))));
    const files = { tokens: tokensFile, devices: devicesFile };

    // BENCH_INGEST_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the server under this load.
    const nodeArgs = process.env.BENCH_INGEST_NODE_ARGS?.split(' ').filter(Boolean);
    const server = await startServerProcess({ root: tree.root, port: PORT, env, readyTimeoutMs: 180_000, nodeArgs });
    try {
      const login = await apiCall(server.url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: fleet.password } });
      const owner = await ownerSocket(server.url, login.body.token as string, fleet.ownerId);
      // Unmeasured warm-up of both routes: the first seconds of a fresh process (JIT, the database's
      // caches, connections) would otherwise weigh on whichever route the first round runs first.
      const routes: Route[] = [...(tree.hasCeiling ? ['ceiling' as const] : []), 'ingest', ...(tree.hasOsmand ? ['osmand' as const] : [])];
      const label = `[${kind} · ${tree.name}]`;
      for (const route of routes) roundSucceeded(`${label} calentamiento ${route}`, await runLoad(server.url, route, files, workDir, WARMUP_SECONDS));
      const rounds: RoundFigures[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Order alternates each round, so a drift in the machine's load favours no route.
        const results = new Map<Route, LoadResult>();
        let socket = { p95: NaN, events: 0 };
        for (const route of round % 2 === 1 ? routes : [...routes].reverse()) {
          owner.delays.length = 0;
          results.set(route, await runLoad(server.url, route, files, workDir));
          if (route === 'ceiling') continue;
          await new Promise((resolve) => setTimeout(resolve, 500)); // the last flush's events
          if (route === 'ingest') {
            const sorted = [...owner.delays].sort((a, b) => a - b);
            socket = { p95: nearestRank(sorted, 95), events: sorted.length };
          }
        }
        const ceiling = results.get('ceiling') ?? null;
        const ingest = results.get('ingest') as LoadResult;
        const osmand = results.get('osmand') ?? null;
        // Checked every one (no short-circuit): each failing route gets its own FALLO line.
        const clean = [...results].map(([route, result]) => roundSucceeded(`${label} ronda ${round} ${route}`, result)).every(Boolean);
        const ratio = ceiling ? ingest.rate / ceiling.rate : NaN;
        const osmandRatio = osmand ? osmand.rate / ingest.rate : NaN;
        const figures = { ceiling, ingest, osmand, socketP95: socket.p95, socketEvents: socket.events, ratio, osmandRatio, clean, load: loadAverage() };
        rounds.push(figures);
        // A ratio between rates of refusals is no figure: a round with errors says FALLO instead.
        const ratioText = (text: string) => (clean ? text : 'FALLO (errores en la ronda)');
        console.log(
          `  ${label} ronda ${round}: ` +
            (ceiling ? `techo ${ceiling.rate.toFixed(0)}/s (p95 ${ceiling.p95} ms, errores ${ceiling.errors}) · ` : '') +
            `ingesta ${ingest.rate.toFixed(0)}/s p50/p95/p99 ${ingest.p50}/${ingest.p95}/${ingest.p99} ms, errores ${ingest.errors}, ` +
            `socket p95 ${figures.socketP95} ms (${figures.socketEvents} eventos)` +
            (ceiling ? ` · ${ratioText(`${(ratio * 100).toFixed(0)}% del techo`)}` : '') +
            (osmand
              ? ` · OsmAnd ${osmand.rate.toFixed(0)}/s p50/p95/p99 ${osmand.p50}/${osmand.p95}/${osmand.p99} ms, errores ${osmand.errors}, ` + ratioText(`${osmandRatio.toFixed(2)}× la ingesta`)
              : ' · OsmAnd: no existe en este servidor') +
            ` · carga ${figures.load}`,
        );
      }
      owner.socket.close();
      return rounds;
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export async function run(): Promise<void> {
  const kinds = (process.env.BENCH_INGEST_DB ?? 'pglite,postgres').split(',') as Kind[];
  const postgres = kinds.includes('postgres') ? postgresUrl() : null;
  if (kinds.includes('postgres') && !postgres) console.log('PostgreSQL: sin TEST_DATABASE_URL ni binarios; se omite.');
  const trees = [{ name: 'nuevo', root: NEW_ROOT, hasCeiling: true, hasOsmand: true } as Tree, baselineTree()].filter((tree): tree is Tree => tree !== null);
  console.log(`${DRIVERS} conductores, ${ROUNDS} rondas de ${SECONDS} s, ${CONNECTIONS} conexiones; ${os.cpus().length} núcleos; carga ${loadAverage()}`);
  const table: string[] = [];
  try {
    for (const kind of kinds) {
      if (kind === 'postgres' && !postgres) continue;
      let ceilingRate = NaN;
      for (const tree of trees) {
        const rounds = await measure(kind, tree, postgres?.url ?? null);
        if (tree.hasCeiling) ceilingRate = median(rounds.map((r) => (r.ceiling as LoadResult).rate));
        const rate = median(rounds.map((r) => r.ingest.rate));
        const osmandRounds = rounds.map((r) => r.osmand).filter((result): result is LoadResult => result !== null);
        const osmandCells = osmandRounds.length
          ? `${rateCell(rounds, (r) => (r.osmand as LoadResult).rate)} | ${median(osmandRounds.map((r) => r.p50))} / ${median(osmandRounds.map((r) => r.p95))} / ${median(osmandRounds.map((r) => r.p99))} ms | ` +
            `${osmandRounds.reduce((sum, r) => sum + r.errors, 0)}`
          : '- | - | -';
        table.push(
          `| ${kind} | ${tree.name} | ${tree.hasCeiling ? rateCell(rounds, (r) => (r.ceiling as LoadResult).rate) : '-'} | ${rateCell(rounds, (r) => r.ingest.rate)} | ` +
            `${median(rounds.map((r) => r.ingest.p50))} / ${median(rounds.map((r) => r.ingest.p95))} / ${median(rounds.map((r) => r.ingest.p99))} ms | ` +
            `${rounds.reduce((sum, r) => sum + r.ingest.errors, 0)} | ${median(rounds.map((r) => r.socketP95))} ms | ${ratioCell(rounds, rate / ceilingRate)} | ` +
            `${osmandCells} | ${osmandRatioCell(rounds)} | ${loadRange(rounds)} |`,
        );
      }
    }
  } finally {
    postgres?.stop();
  }
  console.log(
    '\n| base de datos | servidor | techo/s | ingesta/s | p50 / p95 / p99 | errores | socket p95 | % del techo: mediana de las rondas (mín–máx) | ' +
      'OsmAnd/s | OsmAnd p50 / p95 / p99 | OsmAnd errores | OsmAnd ÷ ingesta: mediana de las rondas (mín–máx) | carga a 1 min (mín–máx) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  table.forEach((line) => console.log(line));
  const baseline = trees.find((tree) => tree.name === 'anterior');
  const baselineCommit = baseline ? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: baseline.root, encoding: 'utf8' }).trim() : '-';
  console.log(`(medianas de las rondas; "anterior" = commit ${baselineCommit} con la misma carga; su % es respecto de la mediana del techo medido en la misma corrida)`);
}
