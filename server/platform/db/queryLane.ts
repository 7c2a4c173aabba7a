/**
 * Which lane a piece of work queues in for the embedded database's one connection (pgliteDialect.ts):
 * `foreground` (a person's request, the default), `background` (the ingest's flush and the alerts
 * the engine stores beside it) or `pass` (background passes: sweeps, reminders, backfills, packing,
 * checkpoints). The lane travels with the async work that asked for it (AsyncLocalStorage), so a
 * pass's every query, however deep, queues behind the flush without each repository saying so.
 * PostgreSQL has a pool and ignores lanes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type QueryLane = 'foreground' | 'background' | 'pass';

const lanes = new AsyncLocalStorage<QueryLane>();

/** Runs `work`, and every query it makes (awaited or started from it), in `lane`. */
export function inQueryLane<T>(lane: QueryLane, work: () => T): T {
  return lanes.run(lane, work);
}

/** The lane of the work running now: foreground unless inQueryLane said otherwise. */
export const currentQueryLane = (): QueryLane => lanes.getStore() ?? 'foreground';
