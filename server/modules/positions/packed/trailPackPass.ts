/**
 * The background pass that packs every ended shift still holding rows (shifts that ended before
 * migration 0014, late points, a pack at shift end that failed), then applies retention. Paced as
 * the summary pass is (reports/summaryBackfill.ts): one shift per transaction, small batches, the
 * event loop free between shifts and a pause between batches, so the ingest's flushes interleave;
 * one pass at a time; a re-run finds nothing to do. Progress is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../../../platform/db/schema';
import { countShiftsToPack, listShiftsToPack, packShift } from './packShift';
import { applyRetention, type RetentionPolicy } from './retention';

export interface PackPassOptions {
  /** How long after listen the first pass begins (ms). */
  startDelayMs: number;
  /** How long after a shift ends its own pack runs (ms): its summary and late resends come first. */
  afterEndMs: number;
  batchSize: number;
  pauseMs: number;
  recheckMs: number;
  logEvery: number;
}

export const DEFAULT_PACK_PASS: Readonly<PackPassOptions> = Object.freeze({
  startDelayMs: 15_000,
  afterEndMs: 60_000,
  batchSize: 10,
  pauseMs: 200,
  recheckMs: 10 * 60_000,
  logEvery: 200,
});

export interface PackPassResult {
  packedShifts: number;
  packedRows: number;
}

export interface TrailPackPass {
  start(): void;
  /** Packs one ended shift a while after it ended (afterEndMs). */
  packLater(shiftId: number): void;
  /** One pass now (or the one under way). */
  runOnce(): Promise<PackPassResult>;
  stop(): Promise<void>;
}

export function createTrailPackPass(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  retention: RetentionPolicy,
  given: Partial<PackPassOptions> = {},
): TrailPackPass {
  const options = { ...DEFAULT_PACK_PASS, ...given };
  let stopped = false;
  let running: Promise<PackPassResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  const later = new Set<NodeJS.Timeout>();
  const single = new Set<Promise<unknown>>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      wake = resolve;
      setTimeout(resolve, ms).unref();
    });

  async function pass(): Promise<PackPassResult> {
    const result: PackPassResult = { packedShifts: 0, packedRows: 0 };
    const dropped = await applyRetention(db, retention);
    if (dropped.chunks || dropped.rows || dropped.activity) log.info(dropped, 'Retención: datos antiguos eliminados');
    const pending = await countShiftsToPack(db);
    if (pending === 0) return result;
    log.info({ pending }, 'Trayectos: compactando turnos terminados');
    let cursor = 0;
    let failed = 0;
    while (!stopped) {
      const ids = await listShiftsToPack(db, options.batchSize, cursor);
      for (const id of ids) {
        if (stopped) break;
        try {
          const outcome = await packShift(db, id, yieldToEventLoop);
          if (outcome.packedRows) result.packedShifts += 1;
          result.packedRows += outcome.packedRows;
          if (result.packedShifts % options.logEvery === 0) log.info({ done: result.packedShifts, pending }, 'Trayectos: avance');
        } catch (error) {
          failed += 1;
          log.error({ err: error, shiftId: id }, 'Trayectos: no se pudo compactar un turno');
        }
        await yieldToEventLoop();
      }
      if (ids.length < options.batchSize) break;
      cursor = ids[ids.length - 1];
      await pause(options.pauseMs);
    }
    // The deleted rows' space, for the next rows (PGlite has no autovacuum; PostgreSQL's may lag).
    if (result.packedRows) {
      await sql`vacuum (analyze) shift_locations`.execute(db);
      await sql`vacuum (analyze) trail_chunks`.execute(db);
    }
    log.info({ ...result, failed, pending }, 'Trayectos: pasada terminada');
    return result;
  }

  function runOnce(): Promise<PackPassResult> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'Trayectos: la pasada falló'))
        .finally(() => schedule(options.recheckMs));
    }, delayMs);
    timer.unref();
  }

  function packLater(shiftId: number): void {
    if (stopped) return;
    const handle = setTimeout(() => {
      later.delete(handle);
      const job = packShift(db, shiftId)
        .catch((error: unknown) => log.warn({ err: error, shiftId }, 'Trayectos: compactación pendiente para la pasada'))
        .finally(() => single.delete(job));
      single.add(job);
    }, options.afterEndMs);
    handle.unref();
    later.add(handle);
  }

  return {
    start: () => schedule(options.startDelayMs),
    packLater,
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const handle of later) clearTimeout(handle);
      wake?.();
      await running?.catch(() => undefined);
      await Promise.all(single);
    },
  };
}
