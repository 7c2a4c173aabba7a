/**
 * One arm of an ingest race (`npm run bench -- ingest`, and the ingest line of `-- quick`): one tree
 * (this one or the reference, bench/baseline.ts) on one database, as its own server process with
 * BENCH_INGEST_DRIVERS drivers on shift, an owner's socket in the fleet's room, and autocannon in
 * another process (bench/ingestLoad.ts) sending one point per request, each from the next driver.
 *
 *   1. the tree's server starts once (its migrations) and stops;
 *   2. the drivers on shift are written by the fastest legitimate path (bulkFleet.ts);
 *   3. the server starts again (INGEST_BENCH_CEILING=on, LOG_LEVEL=info as in production);
 *   4. each round runs the ceiling route (token check and 202, nothing else; a tree without it says
 *      so), POST /api/driver/locations and, where the tree has it, OsmAnd's POST /osmand, back to
 *      back in alternating order, and reads the server process's CPU time (all its threads: HTTP,
 *      the events engine, PGlite's worker) over the driver API's run: positions per CPU-second.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import type { LocationUpdate } from '../contract/entities';
import { SOCKET_PATH } from '../contract/socket';
import { openPglite, openPostgres } from '../server/platform/db/client';
import type { Database } from '../server/platform/db/schema';
import { createOnShiftFleet, type OnShiftFleet } from '../server/tools/testing/bulkFleet';
import { apiCall } from '../server/tools/testing/http';
import { createScratchDatabase, type ScratchDatabase } from '../server/tools/testing/scratchDatabase';
import { startServerProcess, type ServerProcess } from '../server/tools/testing/serverProcess';
import { treeHas, type Tree } from './baseline';
import type { LoadConfig, LoadResult } from './ingestLoad';
import { loadAverage, roundSucceeded } from './stats';

export type Kind = 'pglite' | 'postgres';
export type Route = 'ceiling' | 'ingest' | 'osmand';

export const SECRET = 'bench-ingest-secret-0123456789-0123456789';
const CEILING_PATH = '/api/driver/bench-ceiling';
const INGEST_PATH = '/api/driver/locations';
const OSMAND_PATH = '/osmand';

export interface ArmOptions {
  drivers: number;
  connections: number;
  /** The port this arm's server listens on. */
  port: number;
  /** /osmand's per-address limit (the one load generator is one address). */
  osmandPerMinute: string;
  /** The routes measured, of those the tree has (default all three). */
  routes?: readonly Route[];
  /** Extra node flags for the server (BENCH_INGEST_NODE_ARGS: a CPU profile). */
  nodeArgs?: string[];
  /** An admin URL of PostgreSQL, for kind 'postgres' (a scratch database is made and dropped). */
  postgresUrl?: string | null;
  /** More of the server's environment. */
  env?: Record<string, string>;
}

export interface RoundFigures {
  round: number;
  ceiling: LoadResult | null;
  ingest: LoadResult;
  osmand: LoadResult | null;
  socketP95: number;
  socketEvents: number;
  /** ingest rate / ceiling rate of this round (NaN without the ceiling route) */
  ratio: number;
  /** OsmAnd rate / driver API rate of this round (NaN without OsmAnd) */
  osmandRatio: number;
  /** Accepted points of the driver API's run ÷ the server process's CPU seconds over it. */
  perCpuSecond: number;
  /** The ceiling and the driver API answered without errors: only then are their rates and ratios figures. */
  clean: boolean;
  /** OsmAnd answered without errors (false without OsmAnd). */
  osmandClean: boolean;
  load: string;
}

export interface IngestArm {
  tree: Tree;
  kind: Kind;
  label: string;
  hasCeiling: boolean;
  hasOsmand: boolean;
  server: ServerProcess;
  fleet: OnShiftFleet;
  /** Runs round `round` (from 1): every route back to back, order alternating. */
  round(round: number, seconds: number): Promise<RoundFigures>;
  /** A route alone, unmeasured (warm-up). */
  warm(seconds: number): Promise<void>;
  /** Stops the server; answers the alerts it stored by kind (a fleet reporting all along should have no "sin señal"). */
  close(): Promise<Record<string, number>>;
}

/** A loaded machine starts a server (migrations, the demo fleet) in minutes. */
const READY_TIMEOUT_MS = 600_000;

const nearestRank = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let clockTicks = 0;
/** The process's CPU seconds so far (user + system, every thread), from /proc; NaN where there is none. */
export function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    clockTicks ||= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return NaN;
  }
}

function runLoad(url: string, route: Route, files: { tokens: string; devices: string }, workDir: string, connections: number, durationSeconds: number): Promise<LoadResult> {
  const config: LoadConfig =
    route === 'osmand'
      ? { url, path: OSMAND_PATH, protocol: 'osmand', tokensFile: files.devices, connections, durationSeconds }
      : { url, path: route === 'ceiling' ? CEILING_PATH : INGEST_PATH, tokensFile: files.tokens, connections, durationSeconds };
  const configFile = path.join(workDir, 'load.json');
  writeFileSync(configFile, JSON.stringify(config));
  const loader = path.resolve(__dirname, '../node_modules/tsx/dist/cjs/index.cjs');
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

/**
 * Prepares and starts one arm. `seed` adds what else the caller needs in the database (the quick
 * bench's fleets) while the server is stopped.
 */
export async function startIngestArm(kind: Kind, tree: Tree, options: ArmOptions, seed?: (db: Kysely<Database>, fleet: OnShiftFleet) => Promise<void>): Promise<IngestArm> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'flota-bench-ingest-'));
  const scratch: ScratchDatabase | null = kind === 'postgres' ? await createScratchDatabase(options.postgresUrl as string, 'flota_bench') : null;
  const label = `[${kind} · ${tree.label}]`;
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
    OSMAND_REQUESTS_PER_MINUTE: options.osmandPerMinute,
    // A small driver count sends each shift many points a second: past the per-shift cap (600 a
    // minute) the round would measure 429s. The cap is still checked on every point.
    INGEST_POINTS_PER_MINUTE: '100000',
    // The demo fleet's past trails written in the background on every start until done: not what is measured.
    DEMO_HISTORY: 'off',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  };
  const cleanup = async () => {
    rmSync(workDir, { recursive: true, force: true });
    await scratch?.drop();
  };
  try {
    const first = await startServerProcess({ root: tree.root, port: options.port, env, readyTimeoutMs: READY_TIMEOUT_MS });
    await first.kill('SIGTERM');
    const database = scratch ? await openPostgres(scratch.url) : await openPglite(path.join(workDir, 'pglite'));
    const prepStarted = Date.now();
    const fleet = await createOnShiftFleet(database.db, { drivers: options.drivers, jwtSecret: SECRET, startedAt: new Date(Date.now() - 3_600_000) });
    // The same drivers' device identifiers, in the same order: OsmAnd's load is the driver API's.
    const devices = await database.db.selectFrom('drivers').select(['id', 'device_id']).where('owner_id', '=', fleet.ownerId).execute();
    const deviceOf = new Map(devices.map((row) => [row.id, row.device_id]));
    await seed?.(database.db, fleet);
    await database.close();
    console.log(`  ${label} ${options.drivers} conductores en turno preparados en ${((Date.now() - prepStarted) / 1000).toFixed(1)} s`);
    const files = { tokens: path.join(workDir, 'tokens.json'), devices: path.join(workDir, 'devices.json') };
    writeFileSync(files.tokens, JSON.stringify(fleet.drivers.map((d) => d.token)));
    writeFileSync(files.devices, JSON.stringify(fleet.drivers.map((d) => deviceOf.get(d.id))));

    const server = await startServerProcess({ root: tree.root, port: options.port, env, readyTimeoutMs: READY_TIMEOUT_MS, nodeArgs: options.nodeArgs });
    const login = await apiCall(server.url, '/api/auth/login', { json: { rut: fleet.ownerRut, password: fleet.password } });
    const owner = await ownerSocket(server.url, login.body.token as string, fleet.ownerId);
    const hasCeiling = treeHas(tree, 'bench-ceiling');
    const hasOsmand = treeHas(tree, 'osmand');
    const wanted = options.routes ?? ['ceiling', 'ingest', 'osmand'];
    const routes: Route[] = [...(hasCeiling ? ['ceiling' as const] : []), 'ingest' as const, ...(hasOsmand ? ['osmand' as const] : [])].filter((route) => wanted.includes(route));
    const load = (route: Route, seconds: number) => runLoad(server.url, route, files, workDir, options.connections, seconds);

    return {
      tree,
      kind,
      label,
      hasCeiling,
      hasOsmand,
      server,
      fleet,
      async warm(seconds) {
        // The first seconds of a fresh process (JIT, the database's caches, connections) would otherwise weigh on whichever route runs first.
        // Unmeasured: a slow start (PostgreSQL's ingest worker starts with the first flush) is said, not counted as a failed round.
        for (const route of routes) {
          const result = await load(route, seconds);
          if (result.errors || !result.ok) console.log(`  ${label} calentamiento ${route}: ${result.ok} respuestas correctas, ${result.errors} errores (sin medir)`);
        }
      },
      async round(round, seconds) {
        const results = new Map<Route, LoadResult>();
        let socket = { p95: NaN, events: 0 };
        let perCpuSecond = NaN;
        for (const route of round % 2 === 1 ? routes : [...routes].reverse()) {
          owner.delays.length = 0;
          const cpuBefore = processCpuSeconds(server.child.pid);
          const result = await load(route, seconds);
          if (route === 'ingest') perCpuSecond = result.ok / (processCpuSeconds(server.child.pid) - cpuBefore);
          results.set(route, result);
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
        const cleanRoutes = new Map([...results].map(([route, result]) => [route, roundSucceeded(`${label} ronda ${round} ${route}`, result)]));
        const clean = cleanRoutes.get('ceiling') !== false && cleanRoutes.get('ingest') === true;
        const figures: RoundFigures = {
          round,
          ceiling,
          ingest,
          osmand,
          socketP95: socket.p95,
          socketEvents: socket.events,
          ratio: ceiling ? ingest.rate / ceiling.rate : NaN,
          osmandRatio: osmand ? osmand.rate / ingest.rate : NaN,
          perCpuSecond,
          clean,
          osmandClean: cleanRoutes.get('osmand') === true,
          load: loadAverage(),
        };
        const ratioText = (text: string) => (clean ? text : 'FALLO (errores en la ronda)');
        console.log(
          `  ${label} ronda ${round}: ` +
            (ceiling ? `techo ${ceiling.rate.toFixed(0)}/s (p95 ${ceiling.p95} ms, errores ${ceiling.errors}) · ` : 'sin ruta techo · ') +
            `ingesta ${ingest.rate.toFixed(0)}/s p50/p95/p99 ${ingest.p50}/${ingest.p95}/${ingest.p99} ms, errores ${ingest.errors}, ` +
            `${perCpuSecond.toFixed(0)} pos por s de CPU del servidor, socket p95 ${figures.socketP95} ms (${figures.socketEvents} eventos)` +
            (ceiling ? ` · ${ratioText(`${(figures.ratio * 100).toFixed(0)}% del techo`)}` : '') +
            (osmand
              ? ` · OsmAnd ${osmand.rate.toFixed(0)}/s p50/p95/p99 ${osmand.p50}/${osmand.p95}/${osmand.p99} ms, errores ${osmand.errors}, ` + (clean && figures.osmandClean ? `${figures.osmandRatio.toFixed(2)}× la ingesta` : 'FALLO (errores en la ronda)')
              : hasOsmand ? '' : ' · OsmAnd: no existe en este servidor') +
            ` · carga ${figures.load}`,
        );
        return figures;
      },
      async close() {
        owner.socket.close();
        await server.kill('SIGTERM');
        const stopped = scratch ? await openPostgres(scratch.url) : await openPglite(path.join(workDir, 'pglite'));
        const kinds = await stopped.db.selectFrom('alerts').select(['kind', (eb) => eb.fn.countAll<number>().as('n')]).where('owner_id', '=', fleet.ownerId).groupBy('kind').execute();
        await stopped.close();
        await cleanup();
        return Object.fromEntries(kinds.map((row) => [row.kind, Number(row.n)]));
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
