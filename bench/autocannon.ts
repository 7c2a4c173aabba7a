/**
 * autocannon for the load processes (ingestLoad.ts, dispatchMover.ts): it ships no types, so the
 * calls they use are typed here once, with the percentile they read latencies by.
 */
export interface Autocannon {
  (options: Record<string, unknown>, done: (error: Error | null, result: { errors: number; timeouts: number; non2xx: number }) => void): {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
    stop(): void;
  };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const autocannon = require('autocannon') as Autocannon;

/** The p-th percentile of ascending values (nearest rank); NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}
