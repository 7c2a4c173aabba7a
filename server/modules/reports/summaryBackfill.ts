/**
 * The background pass: every ended shift without a summary gets one (shifts that ended before
 * migration 0011, or whose summary at shift end failed). Newest shifts first, each tried once a
 * pass (a failing one is logged and passed over), paced by the platform's duty cycle
 * (platform/backgroundPass.ts) so it never holds the ingest up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createBackgroundPass, type PassControl, type PassPacing } from '../../platform/backgroundPass';
import type { Database } from '../../platform/db/schema';
import { countShiftsWithoutSummary, listShiftsWithoutSummary } from './summaryRepo';
import { summarizeShift } from './summaryService';

export interface BackfillOptions extends PassPacing {
  /** Shifts listed per query. */
  batchSize: number;
  /** Progress at info level every this many shifts. */
  logEvery: number;
}

export const DEFAULT_BACKFILL: Readonly<BackfillOptions> = Object.freeze({ startDelayMs: 5000, batchSize: 20, dutyCycle: 0.25, recheckMs: 10 * 60_000, logEvery: 500 });

export interface SummaryBackfill {
  /** Schedules the first pass (after startDelayMs) and the rechecks after it. */
  start(): void;
  /** One pass now (or the one under way); resolves with how many shifts got a summary. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createSummaryBackfill(db: Kysely<Database>, log: FastifyBaseLogger, given: Partial<BackfillOptions> = {}): SummaryBackfill {
  const options = { ...DEFAULT_BACKFILL, ...given };

  async function pass(control: PassControl): Promise<number> {
    const pending = await countShiftsWithoutSummary(db);
    if (pending === 0) return 0;
    log.info({ pending }, 'Resúmenes de turnos: calculando los que faltan');
    let done = 0;
    let failed = 0;
    let cursor: number | undefined;
    while (!control.stopped()) {
      const ids = await listShiftsWithoutSummary(db, options.batchSize, cursor);
      for (const id of ids) {
        if (control.stopped()) break;
        try {
          await summarizeShift(db, id);
          done += 1;
          if (done % options.logEvery === 0) log.info({ done, pending }, 'Resúmenes de turnos: avance');
        } catch (error) {
          failed += 1;
          log.error({ err: error, shiftId: id }, 'Resúmenes de turnos: no se pudo resumir un turno');
        }
        await control.breathe();
      }
      if (ids.length < options.batchSize) break;
      cursor = ids[ids.length - 1];
    }
    log.info({ done, failed, pending }, 'Resúmenes de turnos: pasada terminada');
    return done;
  }

  const background = createBackgroundPass('Resúmenes de turnos', log, options, pass);
  return { start: background.start, runOnce: background.runOnce, stop: background.stop };
}
