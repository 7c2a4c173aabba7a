/** Timing helpers for the benchmarks: repeated runs, median and p95, a ratio against a budget, the load average. */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export interface Timing {
  median: number;
  p95: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Median and p95 of samples taken elsewhere (milliseconds). */
export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** Runs `task` `warmup` times unmeasured, then `runs` times measured (milliseconds). */
export async function time(task: () => Promise<unknown>, runs: number, warmup = 3): Promise<Timing> {
  for (let i = 0; i < warmup; i += 1) await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** Two decimals below 10 ms, where a tenth would hide the figure. */
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** "x0.25 of 50 ms": how much of the budget the median uses. */
export const ofBudget = (value: number, budget: number) => `x${(value / budget).toFixed(2)} of ${budget} ms`;

/** The 1, 5 and 15-minute load averages, printed beside the figures (a shared machine's noise). */
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

/**
 * Rounds under load that met errors (refused, failed or timed-out requests) measured nothing: their
 * rate is of refusals. Every bench driving load rounds (autocannon and the like) checks each round
 * here; the failure is printed as such, never as a ratio, and `npm run bench` (run.ts) exits non-zero.
 */
const failures: string[] = [];

/** True when the round had no errors; otherwise prints a FALLO line and records it for run.ts. */
export function roundSucceeded(label: string, result: { errors: number; ok?: number }): boolean {
  if (result.errors === 0 && result.ok !== 0) return true;
  const line = `FALLO: ${label}: ${result.errors} errores${result.ok === 0 ? ' y ninguna respuesta correcta' : ''} en la ronda; su cifra no mide nada`;
  console.error(line);
  failures.push(line);
  return false;
}

/** The failures recorded so far (run.ts prints them at the end and exits 1). */
export const benchFailures = (): readonly string[] => failures;

/**
 * A fixed piece of CPU work timed in the same run (sorting 50,000 pseudo-random numbers, median of
 * 7): the reference for benches that have no older path to race against. A figure read as a
 * multiple of it moves less with the machine's speed and load than its milliseconds do.
 */
export function cpuReference(): number {
  let seed = 42;
  const values = Float64Array.from({ length: 50_000 }, () => (seed = (seed * 16807) % 2147483647));
  const samples: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const copy = values.slice();
    const started = performance.now();
    copy.sort();
    if (i > 0) samples.push(performance.now() - started); // the first run warms the JIT
  }
  return summarize(samples).median;
}

/** "12.3 ms = 4.1× la referencia de CPU (3.0 ms)". */
export const againstReference = (value: number, reference: number) => `${(value / reference).toFixed(1)}× la referencia de CPU (${ms(reference)})`;
