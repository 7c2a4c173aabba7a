/**
 * The background pass: every ended shift without a summary gets one (shifts that ended before
 * migration 0011, or whose summary at shift end failed). It never holds the ingest up: small
 * batches, the event loop free between shifts (setImmediate) and a pause between batches; one
 * pass at a time, newest shifts first, each shift tried once a pass (a failing one is logged and
 * passed over). After a pass it looks again every `recheckMs`. Started once the server listens,
 * stopped (waiting for the shift in hand) when it closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../../platform/db/schema';
import { countShiftsWithoutSummary, listShiftsWithoutSummary } from './summaryRepo';
import { summarizeShift } from './summaryService';

export interface BackfillOptions {
  /** How long after listen the first pass begins (ms): start-up and the first requests go first. */
  startDelayMs: number;
  /** Shifts per batch. */
  batchSize: number;
  /** Pause between batches (ms). */
  pauseMs: number;
  /** How long after a pass to look again (ms). */
  recheckMs: number;
  /** Progress at info level every this many shifts. */
  logEvery: number;
}

export const DEFAULT_BACKFILL: Readonly<BackfillOptions> = Object.freeze({ startDelayMs: 5000, batchSize: 20, pauseMs: 200, recheckMs: 10 * 60_000, logEvery: 500 });

export interface SummaryBackfill {
  /** Schedules the first pass (after startDelayMs) and the rechecks after it. */
  start(): void;
  /** One pass now (or the one under way); resolves with how many shifts got a summary. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createSummaryBackfill(db: Kysely<Database>, log: FastifyBaseLogger, given: Partial<BackfillOptions> = {}): SummaryBackfill {
  const options = { ...DEFAULT_BACKFILL, ...given };
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;

  // A pause stop() can cut short (also when stop came just before it).
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      wake = resolve;
      setTimeout(resolve, ms).unref();
    });

  async function pass(): Promise<number> {
    const pending = await countShiftsWithoutSummary(db);
    if (pending === 0) return 0;
    log.info({ pending }, 'Resúmenes de turnos: calculando los que faltan');
    let done = 0;
    let failed = 0;
    let cursor: number | undefined;
    while (!stopped) {
      const ids = await listShiftsWithoutSummary(db, options.batchSize, cursor);
      for (const id of ids) {
        if (stopped) break;
        try {
          await summarizeShift(db, id);
          done += 1;
          if (done % options.logEvery === 0) log.info({ done, pending }, 'Resúmenes de turnos: avance');
        } catch (error) {
          failed += 1;
          log.error({ err: error, shiftId: id }, 'Resúmenes de turnos: no se pudo resumir un turno');
        }
        await yieldToEventLoop();
      }
      if (ids.length < options.batchSize) break;
      cursor = ids[ids.length - 1];
      await pause(options.pauseMs);
    }
    log.info({ done, failed, pending }, 'Resúmenes de turnos: pasada terminada');
    return done;
  }

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'Resúmenes de turnos: la pasada falló'))
        .finally(() => schedule(options.recheckMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start: () => schedule(options.startDelayMs),
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await running?.catch(() => undefined);
    },
  };
}
