/**
 * The demo fleet's past shifts as a taxi really drives them, so Reportes shows real kilometres,
 * trips and stops on a newcomer's first visit. The seed inserts the shifts at once with a few
 * points each (the first start stays as fast as before); this pass, started once the server
 * listens, gives each ended demo shift a full trail (demoTrails.ts, ~300 points) and computes its
 * summary, newest days first (the week a newcomer looks at fills first), one shift per
 * transaction with a pause between, so the server keeps answering. A restart carries on where the
 * last one stopped.
 *
 * Only the seeder's own shifts (seeded_shifts, migration 0018, still `trail_pending`) are touched:
 * a real shift of a fleet that adopted the demo account, however short, is never rewritten. The
 * flag is cleared in the trail's transaction, and a marked shift holding more points than the seed
 * wrote is left alone too (points are counted in both tiers: rows and packed trail_chunks).
 */
import { sql, type Kysely } from 'kysely';
import { summarizeShift } from '../../modules/reports';
import type { Database } from '../../platform/db/schema';
import { DEMO_OWNER_RUT, DEMO_SEED } from './demoFleet';
import { demoShiftTrail } from './demoTrails';
import { seededRandom } from './prng';

/** The seed gives a past shift 8 points: a marked shift holding more is not the seed's alone (never replaced). */
const SEEDED_POINTS_MAX = 12;

export interface DemoHistoryPass {
  /** Resolves when every past demo shift has its trail and summary (or the pass was stopped). */
  done: Promise<{ shifts: number; points: number; ms: number }>;
  stop(): void;
}

async function sparseDemoShifts(db: Kysely<Database>, limit: number | null): Promise<Array<{ id: number; start_time: Date; end_time: Date }>> {
  const { rows } = await sql<{ id: number; start_time: Date; end_time: Date }>`
    select s.id, s.start_time, s.end_time from seeded_shifts m
    join shifts s on s.id = m.shift_id join owners o on o.id = s.owner_id
    where m.trail_pending and o.rut = ${DEMO_OWNER_RUT} and s.end_time is not null
      and (select count(*) from shift_locations l where l.shift_id = s.id)
        + coalesce((select sum(c.points) from trail_chunks c where c.shift_id = s.id), 0) <= ${SEEDED_POINTS_MAX}
    order by s.start_time desc, s.id desc
    ${limit === null ? sql`` : sql`limit ${limit}`}`.execute(db);
  return rows;
}

export interface DemoHistoryOptions {
  /** Rest between two shifts (ms), so the server keeps answering. */
  pauseMs?: number;
  /** At most this many shifts, newest first (the browser tests' history fixture); all by default. */
  limit?: number;
  log?: (text: string) => void;
}

export function startDemoHistory(db: Kysely<Database>, options: DemoHistoryOptions = {}): DemoHistoryPass {
  let stopped = false;
  const pauseMs = options.pauseMs ?? 20;
  const run = async () => {
    const started = Date.now();
    let shifts = 0;
    let points = 0;
    for (const shift of await sparseDemoShifts(db, options.limit ?? null)) {
      if (stopped) break;
      // Seeded by the shift's id: the same demo data gives the same trails.
      const trail = demoShiftTrail(seededRandom(DEMO_SEED + shift.id), new Date(shift.start_time), new Date(shift.end_time));
      const written = await db.transaction().execute(async (trx) => {
        // Locked and read again: another process's pass (two servers on one PostgreSQL) may have done it.
        const pending = await sql`select 1 from seeded_shifts where shift_id = ${shift.id} and trail_pending for update`.execute(trx);
        if (!pending.rows.length) return false;
        // The seeded points may already be packed (an ended shift's are, a minute after the start).
        await trx.deleteFrom('shift_locations').where('shift_id', '=', shift.id).execute();
        await trx.deleteFrom('trail_chunks').where('shift_id', '=', shift.id).execute();
        for (let i = 0; i < trail.length; i += 1000) {
          await trx.insertInto('shift_locations').values(trail.slice(i, i + 1000).map((p) => ({ shift_id: shift.id, ...p }))).execute();
        }
        const last = trail[trail.length - 1];
        await trx.updateTable('shifts').set({ latitude: last.latitude, longitude: last.longitude, last_location_time: last.recorded_at }).where('id', '=', shift.id).execute();
        await trx.updateTable('seeded_shifts').set({ trail_pending: false }).where('shift_id', '=', shift.id).execute();
        return true;
      });
      if (!written) continue;
      await summarizeShift(db, shift.id);
      shifts += 1;
      points += trail.length;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    const result = { shifts, points, ms: Date.now() - started };
    if (shifts) options.log?.(`Historial de demostración: ${shifts} turnos con su recorrido (${points} puntos) en ${(result.ms / 1000).toFixed(1)} s.`);
    return result;
  };
  return {
    done: run(),
    stop: () => {
      stopped = true;
    },
  };
}
