/**
 * The background pass that packs every ended shift still holding rows (shifts that ended before
 * migration 0014, late points, a pack at shift end that failed), then applies retention. One
 * window per transaction, paced by the platform's duty cycle (platform/backgroundPass.ts) so the
 * ingest's flushes keep their rate beside it; a shift that just ended is packed a minute later
 * under the same pacing. A re-run finds nothing to do. Progress is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { createBackgroundPass, type PassControl, type PassPacing } from '../../../platform/backgroundPass';
import type { Database } from '../../../platform/db/schema';
import { maintainHotWeeks } from './hotWeeks';
import { countShiftsToPack, listShiftsToPack, packShift } from './packShift';
import { applyRetention, type RetentionPolicy } from './retention';

export interface PackPassOptions extends PassPacing {
  /** How long after a shift ends its own pack runs (ms): its summary and late resends come first. */
  afterEndMs: number;
  batchSize: number;
  logEvery: number;
  /** The clock the hot tier's weeks follow (bench/demoMonth.bench.ts runs a month in minutes). */
  now: () => number;
}

export const DEFAULT_PACK_PASS: Readonly<PackPassOptions> = Object.freeze({
  startDelayMs: 15_000,
  afterEndMs: 60_000,
  batchSize: 10,
  // On the embedded database a window's transaction holds the one connection: at 5 % of the time
  // the ingest keeps within its 10 % (a 12-hour shift packs in about a minute and a half).
  dutyCycle: 0.05,
  recheckMs: 10 * 60_000,
  logEvery: 200,
  now: () => Date.now(),
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
  const later = new Set<NodeJS.Timeout>();
  /** Rows packed (so deleted) since the last VACUUM, by the pass or by a shift's own pack. */
  let deletedSinceVacuum = 0;

  /**
   * The deleted rows' space, for the next rows: PGlite has no autovacuum, and PostgreSQL's may lag.
   * Most shifts are packed on their own a minute after they end (packLater), so this runs on every
   * pass that finds rows deleted, not only when the pass itself packed: otherwise a week's rows
   * stayed on disk as dead space until the week was dropped (a simulated demo day: 1.4 M rows).
   */
  async function vacuumIfDeleted(): Promise<void> {
    if (deletedSinceVacuum === 0) return;
    deletedSinceVacuum = 0;
    await sql`vacuum (analyze) shift_locations`.execute(db);
    await sql`vacuum (analyze) trail_chunks`.execute(db);
  }

  async function pass(control: PassControl): Promise<PackPassResult> {
    const result: PackPassResult = { packedShifts: 0, packedRows: 0 };
    const dropped = await applyRetention(db, retention, control);
    if (dropped.chunks || dropped.rows || dropped.activity) log.info(dropped, 'Retención: datos antiguos eliminados');
    const weeks = await maintainHotWeeks(db, options.now());
    if (weeks.created.length || weeks.dropped.length) log.info(weeks, 'Trayectos: semanas de puntos creadas y vaciadas');
    const pending = await countShiftsToPack(db);
    if (pending === 0) {
      if (!control.stopped()) await vacuumIfDeleted();
      return result;
    }
    log.info({ pending }, 'Trayectos: compactando turnos terminados');
    let cursor = 0;
    let failed = 0;
    while (!control.stopped()) {
      const ids = await listShiftsToPack(db, options.batchSize, cursor);
      for (const id of ids) {
        if (control.stopped()) break;
        try {
          const outcome = await packShift(db, id, control);
          if (outcome.packedRows) result.packedShifts += 1;
          result.packedRows += outcome.packedRows;
          deletedSinceVacuum += outcome.packedRows;
          if (result.packedShifts % options.logEvery === 0) log.info({ done: result.packedShifts, pending }, 'Trayectos: avance');
        } catch (error) {
          failed += 1;
          log.error({ err: error, shiftId: id }, 'Trayectos: no se pudo compactar un turno');
        }
      }
      if (ids.length < options.batchSize) break;
      cursor = ids[ids.length - 1];
    }
    // A VACUUM of a large table is no batch: a stopping server leaves it to the next pass.
    if (!control.stopped()) await vacuumIfDeleted();
    log.info({ ...result, failed, pending }, 'Trayectos: pasada terminada');
    return result;
  }

  const background = createBackgroundPass('Trayectos', log, options, pass);

  function packLater(shiftId: number): void {
    const handle = setTimeout(() => {
      later.delete(handle);
      background.alongside(async (control) => {
        deletedSinceVacuum += (await packShift(db, shiftId, control)).packedRows;
      });
    }, options.afterEndMs);
    handle.unref();
    later.add(handle);
  }

  return {
    start: background.start,
    packLater,
    runOnce: background.runOnce,
    async stop() {
      for (const handle of later) clearTimeout(handle);
      later.clear();
      await background.stop();
    },
  };
}
