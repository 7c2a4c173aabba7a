/**
 * `npm run bench -- ingest`: location ingest at city scale, this tree against a reference commit in
 * the same run (issue 9's proof; issue 43: the reference is the last release, never a fixed old
 * commit).
 *
 * For each database (embedded PGlite; PostgreSQL when TEST_DATABASE_URL is set, or a throwaway one
 * started with scripts/pg-test-server.sh when PostgreSQL's binaries are on PATH) both trees are set
 * up as arms (bench/ingestArm.ts: each its own server process with 5,000 drivers on shift and an
 * owner's socket), warmed up unmeasured, then measured in alternated rounds (this tree then the
 * reference, then the reference first...), so a drift in the machine's load favours neither. Each
 * round of each arm runs the ceiling route (token check and 202, nothing else), POST
 * /api/driver/locations and the OsmAnd endpoint back to back, and prints rates, p50/p95/p99, errors,
 * the owner socket's p95 (point built → received), the driver API's ratio to the ceiling and
 * positions per CPU-second of the server process (every thread). The table gives medians of the
 * rounds, the first and last round (a server whose rate falls from round to round shows it), the
 * last round's share of the first, and this tree's median against the reference's.
 *
 * The reference: BENCH_BASELINE=<git ref> (default origin/main's last commit, else the merge base
 * with main; `off`: this tree alone), checked out by bench/baseline.ts. To compare with a release
 * that refused OsmAnd points past 6,000 a minute, set BENCH_INGEST_OSMAND_PER_MINUTE=6000 on both.
 * A round with errors (refused, failed, timed out) is printed as a FALLO, not as a rate or a ratio,
 * and the run exits non-zero (stats.ts's roundSucceeded). Figures on a shared machine are shapes:
 * the load average is printed beside each round; a figure taken at a 1-minute load of 2 or more is
 * not a budget's figure.
 * Knobs: BENCH_INGEST_DRIVERS (5000), BENCH_INGEST_ROUNDS (7), BENCH_INGEST_SECONDS (4),
 * BENCH_INGEST_WARMUP_SECONDS (3), BENCH_INGEST_CONNECTIONS (64), BENCH_INGEST_ROUTES
 * (ceiling,ingest,osmand: `ceiling,ingest` races a release whose OsmAnd refused, with the same writes on both), BENCH_INGEST_PORT (5210; the
 * reference the next port), BENCH_INGEST_DB (pglite,postgres), BENCH_INGEST_OSMAND_PER_MINUTE (the
 * /osmand limit per address, 1000000), BENCH_INGEST_NODE_ARGS ("--cpu-prof --cpu-prof-dir=/tmp/prof":
 * profile both servers).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { baselineTree, inTurn, thisTree, THIS_ROOT, type Tree } from './baseline';
import { startIngestArm, type IngestArm, type Kind, type Route, type RoundFigures } from './ingestArm';
import type { LoadResult } from './ingestLoad';
import { loadAverage } from './stats';

const DRIVERS = Number(process.env.BENCH_INGEST_DRIVERS ?? 5000);
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_INGEST_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 64);
const PORT = Number(process.env.BENCH_INGEST_PORT ?? 5210);
const OSMAND_PER_MINUTE = process.env.BENCH_INGEST_OSMAND_PER_MINUTE ?? '1000000';
const ROUTES = (process.env.BENCH_INGEST_ROUTES ?? 'ceiling,ingest,osmand').split(',') as Route[];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;

/** The median of the rounds' own ratios and their spread. */
function ratioCell(rounds: RoundFigures[], pick: (r: RoundFigures) => number, format: (value: number) => string): string {
  if (rounds.some((r) => !r.clean)) return failedCell(rounds);
  const ratios = rounds.map(pick).filter((ratio) => !Number.isNaN(ratio));
  if (!ratios.length) return '-';
  return `${format(median(ratios))} (${format(Math.min(...ratios))}–${format(Math.max(...ratios))})`;
}
/** What a table cell says instead of a figure when rounds had errors. */
const failedCell = (rounds: RoundFigures[]) => `FALLO (${rounds.filter((r) => !r.clean).length} de ${rounds.length} rondas con errores)`;
const rateCell = (rounds: RoundFigures[], rate: (r: RoundFigures) => number) => (rounds.some((r) => !r.clean) ? 'FALLO' : median(rounds.map(rate)).toFixed(0));
const loadRange = (rounds: RoundFigures[]) => {
  const oneMinute = rounds.map((r) => Number(r.load.split(' ')[0]));
  return `${Math.min(...oneMinute).toFixed(1)}–${Math.max(...oneMinute).toFixed(1)}`;
};

/** PostgreSQL's URL, starting a throwaway server when only the binaries exist; null when neither. */
function postgresUrl(): { url: string; stop(): void } | null {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  try {
    execFileSync('which', ['pg_ctl', 'initdb'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const env = { ...process.env, PGTEST_DIR: process.env.PGTEST_DIR ?? '/tmp/pg-ingest-bench', PGTEST_PORT: process.env.PGTEST_PORT ?? '55440' };
  const script = path.join(THIS_ROOT, 'scripts/pg-test-server.sh');
  const line = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' });
  const url = line.trim().replace(/^export TEST_DATABASE_URL=/, '');
  return { url, stop: () => execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' }) };
}

/** Both trees' arms on one database, measured in alternated rounds. */
async function race(kind: Kind, trees: Tree[], pgUrl: string | null): Promise<Map<Tree, RoundFigures[]>> {
  const nodeArgs = process.env.BENCH_INGEST_NODE_ARGS?.split(' ').filter(Boolean);
  const arms: IngestArm[] = [];
  try {
    for (const [i, tree] of trees.entries()) {
      arms.push(await startIngestArm(kind, tree, { drivers: DRIVERS, connections: CONNECTIONS, port: PORT + i, osmandPerMinute: OSMAND_PER_MINUTE, routes: ROUTES, nodeArgs, postgresUrl: pgUrl }));
    }
    for (const arm of arms) await arm.warm(WARMUP_SECONDS);
    const rounds = new Map<Tree, RoundFigures[]>(trees.map((tree) => [tree, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const arm of inTurn(arms, round)) rounds.get(arm.tree)?.push(await arm.round(round, SECONDS));
    }
    return rounds;
  } finally {
    for (const arm of arms) {
      const alerts = await arm.close().catch((error: unknown) => ({ error: String(error) }));
      console.log(`  ${arm.label} alertas guardadas para la flota de la carga: ${JSON.stringify(alerts)}`);
    }
  }
}

export async function run(): Promise<void> {
  const kinds = (process.env.BENCH_INGEST_DB ?? 'pglite,postgres').split(',') as Kind[];
  const postgres = kinds.includes('postgres') ? postgresUrl() : null;
  if (kinds.includes('postgres') && !postgres) console.log('PostgreSQL: sin TEST_DATABASE_URL ni binarios; se omite.');
  const trees = [thisTree(), baselineTree()].filter((tree): tree is Tree => tree !== null);
  console.log(`${DRIVERS} conductores, ${ROUNDS} rondas de ${SECONDS} s, ${CONNECTIONS} conexiones; ${trees.map((t) => t.label).join(' contra ')}; ${os.cpus().length} núcleos; carga ${loadAverage()}`);
  const table: string[] = [];
  try {
    for (const kind of kinds) {
      if (kind === 'postgres' && !postgres) continue;
      const byTree = await race(kind, trees, postgres?.url ?? null);
      const reference = trees.find((tree) => tree.isBaseline);
      const referenceRate = reference ? median((byTree.get(reference) ?? []).map((r) => r.ingest.rate)) : NaN;
      for (const tree of trees) {
        const rounds = byTree.get(tree) ?? [];
        const rate = median(rounds.map((r) => r.ingest.rate));
        const first = rounds[0].ingest.rate;
        const last = rounds[rounds.length - 1].ingest.rate;
        const osmandRounds = rounds.map((r) => r.osmand).filter((result): result is LoadResult => result !== null);
        const osmandCells = osmandRounds.length
          ? rounds.every((r) => r.osmandClean)
            ? `${median(osmandRounds.map((r) => r.rate)).toFixed(0)} | ${median(osmandRounds.map((r) => r.p95))} ms | ${ratioCell(rounds, (r) => r.osmandRatio, (v) => `${v.toFixed(2)}×`)}`
            : `FALLO | - | FALLO (${rounds.filter((r) => !r.osmandClean).length} de ${rounds.length} rondas con errores)`
          : '- | - | -';
        const clean = rounds.every((r) => r.clean);
        table.push(
          `| ${kind} | ${tree.label} | ${rounds.some((r) => r.ceiling) ? rateCell(rounds, (r) => (r.ceiling as LoadResult).rate) : '-'} | ${rateCell(rounds, (r) => r.ingest.rate)} | ` +
            `${clean ? `${first.toFixed(0)} → ${last.toFixed(0)} (${percent(last / first)})` : 'FALLO'} | ` +
            `${median(rounds.map((r) => r.ingest.p50))} / ${median(rounds.map((r) => r.ingest.p95))} / ${median(rounds.map((r) => r.ingest.p99))} ms | ` +
            `${rounds.reduce((sum, r) => sum + r.ingest.errors, 0)} | ${median(rounds.map((r) => r.socketP95))} ms | ${ratioCell(rounds, (r) => r.ratio, percent)} | ` +
            `${clean ? median(rounds.map((r) => r.perCpuSecond)).toFixed(0) : 'FALLO'} | ` +
            `${tree.isBaseline || !reference || !clean ? '-' : `${(rate / referenceRate).toFixed(2)}×`} | ${osmandCells} | ${loadRange(rounds)} |`,
        );
      }
    }
  } finally {
    postgres?.stop();
  }
  console.log(
    '\n| base de datos | servidor | techo/s | ingesta/s | primera → última ronda (última ÷ primera; meta ≥ 90 %) | p50 / p95 / p99 | errores | socket p95 | % del techo: mediana (mín–máx) | ' +
      'pos por s de CPU del servidor (meta ≥ 4.103) | ingesta ÷ referencia (meta ≥ 1) | OsmAnd/s | OsmAnd p95 | OsmAnd ÷ ingesta | carga a 1 min (mín–máx) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  table.forEach((line) => console.log(line));
  console.log('(medianas de las rondas, alternadas entre los árboles; una cifra tomada con carga ≥ 2 no es una cifra de presupuesto)');
}
