/**
 * The live map with thousands of taxis (DESIGN.md: "it must stay smooth with thousands of taxis").
 * For 1,000 / 5,000 / 10,000 active shifts, each reporting once a second, measures the client's
 * JavaScript on the way from a location_update to the map's data:
 *   1. the real socket middleware (fake socket, real store from makeStore): actions per second and
 *      the time of each flush (one activeShifts/locationsReceived through every middleware);
 *   2. the reducer alone with every taxi in one batch, and the snapshot the map opens with;
 *   3. what the page derives per batch: rows (describeTaxis), the map diff (taxiPoints + taxiLayer.update), bounds;
 *   4. the same when the clock ticks (useNow, every 15 s) and the stale rule runs again.
 * In production mode (what dispatchers run) and in development mode (RTK's state checks on, what
 * DevTools users run). Not measured here: React reconciling the list's entries, and MapLibre's
 * setData (serialising to its worker, re-tiling): those need a browser.
 *
 * `npm run bench -- liveMap`; BENCH_TAXIS=2000,20000 for other sizes; BENCH_CPU_PROF=<dir> writes
 * a CPU profile of each mode's run (open it in Chrome DevTools).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Measurement, ProbeResult, SizeResult } from './liveMapProbe';
import { cpuReference, loadAverage, ms } from './stats';

const SIZES = (process.env.BENCH_TAXIS ?? '1000,5000,10000').split(',').map(Number);
const MODES = ['production', 'development'] as const;
/** The middleware promises a handful of batches a second (DESIGN.md); it flushes every 250 ms. */
const MAX_ACTIONS_PER_SECOND = 4;
const FRAME_MS = 16;

function probe(mode: string): ProbeResult {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = spawnSync(process.execPath, [...profile, '--import', pathToFileURL(require.resolve('tsx')).href, path.join(__dirname, 'liveMapProbe.ts'), ...SIZES.map(String)], {
    env: { ...process.env, NODE_ENV: mode },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`liveMapProbe.ts (${mode}) failed with status ${child.status}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as ProbeResult;
}

const thousands = (value: number) => value.toLocaleString('en-US');
const ratio = (value: number, budget: number) => `x${(value / budget).toFixed(2)}`;
const row = (cells: string[], widths: number[]) => `  ${cells.map((cell, i) => (i === 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`;

function printTable(sizes: SizeResult[]) {
  const widths = [6, 52, 9, 9, 7, 8, 8];
  console.log(row(['N', 'what', 'median', 'p95', 'budget', 'med/bud', 'p95/bud'], widths));
  for (const size of sizes) {
    for (const m of size.measurements) {
      console.log(row([thousands(size.taxis), m.what, ms(m.median), ms(m.p95), `${m.budget} ms`, ratio(m.median, m.budget), ratio(m.p95, m.budget)], widths));
    }
  }
  console.log('');
  const trafficWidths = [6, 52, 9, 9, 9, 9];
  console.log(row(['N', 'socket traffic (N events per simulated second)', 'actions/s', 'upd/act', 'recv/s', 'flush/s'], trafficWidths));
  for (const { taxis, traffic } of sizes) {
    const cells = [thousands(taxis), `max ${traffic.actionsMaxPerSecond} locationsReceived in any second (≤ ${MAX_ACTIONS_PER_SECOND})`];
    cells.push(traffic.actionsPerSecond.toFixed(1), traffic.updatesPerAction.toFixed(0), ms(traffic.receiveMsPerSecond), ms(traffic.flushMsPerSecond));
    console.log(row(cells, trafficWidths));
  }
}

/** One line per size: does a batch fit in a frame, are the actions few, is every step within its budget? */
function verdict({ taxis, traffic, measurements, slowCheckWarnings }: SizeResult, reference: number): string {
  const perBatch = measurements.filter((m) => m.perBatch);
  const batchMedian = perBatch.reduce((sum, m) => sum + m.median, 0);
  const batchP95 = perBatch.reduce((sum, m) => sum + m.p95, 0);
  const over: Measurement[] = measurements.filter((m) => m.p95 > m.budget);
  const problems = [
    ...(batchP95 > FRAME_MS ? [`a batch takes ${ms(batchP95)} p95, over a ${FRAME_MS} ms frame`] : []),
    ...(traffic.actionsMaxPerSecond > MAX_ACTIONS_PER_SECOND ? [`${traffic.actionsMaxPerSecond} actions in one second`] : []),
    ...over.map((m) => `${m.what} p95 ${ratio(m.p95, m.budget)} of ${m.budget} ms`),
  ];
  const batch = `a batch costs ${ms(batchMedian)} median / ${ms(batchP95)} p95 of a ${FRAME_MS} ms frame (flush + rows + map diff + bounds) = ${(batchMedian / reference).toFixed(1)}× the CPU reference, ${traffic.actionsMaxPerSecond} actions/s`;
  const warnings = slowCheckWarnings ? `; RTK's dev checks warned ${slowCheckWarnings} times` : '';
  const head = `  N=${thousands(taxis)}: `;
  return problems.length === 0 ? `${head}SMOOTH: ${batch}, every step within budget${warnings}` : `${head}NOT SMOOTH: ${problems.join('; ')} (${batch})${warnings}`;
}

export async function run(): Promise<void> {
  console.log(`Live map, ${SIZES.map(thousands).join(' / ')} active taxis, one location_update per taxi per second.`);
  console.log(`Figures are median and p95 in ms; a batch's work happens in one task, so it must fit a ${FRAME_MS} ms frame.`);
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${loadAverage()} at start (figures scale with it).`);
  for (const mode of MODES) {
    const result = probe(mode);
    const who = mode === 'production' ? 'the built app, what dispatchers run' : "RTK's serializable and immutable checks on, what DevTools users run";
    console.log(`\n${mode.toUpperCase()} (${who})`);
    printTable(result.sizes);
    console.log('');
    // Measured beside each mode's figures: how fast this machine is right now (stats.ts).
    const reference = cpuReference();
    console.log(`CPU reference (sorting 50,000 numbers) now: ${ms(reference)} · load ${loadAverage()}`);
    for (const size of result.sizes) console.log(verdict(size, reference));
  }
}
