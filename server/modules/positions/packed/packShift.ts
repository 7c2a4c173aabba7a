/**
 * Packing one ended shift: its rows leave shift_locations and join its chunks (one per ten minutes
 * of points), one chunk per transaction, so a crash at any moment leaves each point either a row or
 * in a chunk, never neither and never both. The rows are taken by DELETE ... RETURNING: exactly the rows
 * deleted are the rows packed, even if a late point is inserted meanwhile (it stays a row, read
 * beside the chunks, and a later pass packs it). A window's chunk already there is merged with its rows and
 * rewritten, so a re-run, a late point and a reopened shift all end as one ordered packed trail.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PassControl } from '../../../platform/backgroundPass';
import type { Database } from '../../../platform/db/schema';
import { isoMicros, mergeTiers, POINT_SELECT, readPackedPoints } from './storedPoints';
import { encodeTrail, type PackedPoint } from './trailCodec';
import { lockShiftIfEnded, shiftRows } from '../../shifts';


export interface PackOutcome {
  /** Rows moved into chunks (0: nothing to do: an open shift, or one already packed). */
  packedRows: number;
  chunks: number;
}

/**
 * A chunk's and a pack transaction's span: 10 minutes of points (600 at 1 Hz, ~6 KB). On the
 * embedded database (one connection) a transaction holds the ingest's flushes back, so each stays
 * short; a chunk's row and index entry cost ~80 bytes, 0.13 a point at 1 Hz. A late point's window
 * chunk is rewritten whole with it.
 */
const WINDOW_US = 600_000_000;

/** The windows (epoch multiples of WINDOW_US) in which the shift has rows, with how many. */
async function windowRowCounts(db: Kysely<Database>, shiftId: number): Promise<Array<{ window: number; rows: number }>> {
  const { rows } = await sql<{ window: number; rows: number }>`
    select floor(extract(epoch from recorded_at) / ${WINDOW_US / 1e6})::int8 as window, count(*)::int as rows
    from shift_locations where shift_id = ${shiftId} group by 1 order by 1`.execute(db);
  return rows.map((row) => ({ window: Number(row.window), rows: Number(row.rows) }));
}

export async function windowsWithRows(db: Kysely<Database>, shiftId: number): Promise<number[]> {
  return (await windowRowCounts(db, shiftId)).map((entry) => entry.window);
}

/**
 * Rows one transaction packs at most, across consecutive windows: a 1 Hz trail packs a window
 * (600 points) a transaction, a sparse one (a point a minute) an hour or more of windows at once —
 * a window a transaction made a sparse 8-hour shift 48 transactions, each with its own rest.
 */
const ROWS_PER_TRANSACTION = 1000;

/** Consecutive windows grouped up to ROWS_PER_TRANSACTION rows (a window larger than that alone). */
function groupWindows(counts: ReadonlyArray<{ window: number; rows: number }>): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let rows = 0;
  for (const entry of counts) {
    if (current.length && rows + entry.rows > ROWS_PER_TRANSACTION) {
      groups.push(current);
      current = [];
      rows = 0;
    }
    current.push(entry.window);
    rows += entry.rows;
  }
  if (current.length) groups.push(current);
  return groups;
}

/** One window of one shift, inside a transaction the caller commits (packShift) — or, in a test, aborts. */
export async function packWindowIn(trx: Transaction<Database>, shiftId: number, window: number): Promise<PackOutcome> {
  // The shift's row lock: a pass and the end-of-shift hook never pack one shift at once.
  if (!(await lockShiftIfEnded(trx, shiftId))) return { packedRows: 0, chunks: 0 };
  const { rows } = await sql<PackedPoint>`
    delete from shift_locations
    where shift_id = ${shiftId}
      and recorded_at >= ${isoMicros(window * WINDOW_US)}::timestamptz and recorded_at < ${isoMicros((window + 1) * WINDOW_US)}::timestamptz
    returning ${POINT_SELECT}`.execute(trx);
  if (!rows.length) return { packedRows: 0, chunks: 0 };
  rows.sort((a, b) => a.us - b.us);
  const start = window * WINDOW_US;
  const from = isoMicros(start);
  const to = isoMicros(start + WINDOW_US);
  const packed = await readPackedPoints(trx, shiftId, { afterUs: start - 1, untilUs: start + WINDOW_US - 1 });
  // Rows with a time already packed are resends: dropped, as the ingest drops them.
  const trail = mergeTiers(rows, packed);
  await sql`delete from trail_chunks
    where shift_id = ${shiftId} and first_at >= ${from}::timestamptz and first_at < ${to}::timestamptz`.execute(trx);
  await trx
    .insertInto('trail_chunks')
    .values({
      shift_id: shiftId,
      first_at: isoMicros(trail[0].us),
      last_at: isoMicros(trail[trail.length - 1].us),
      points: trail.length,
      data: encodeTrail(trail),
    })
    .execute();
  return { packedRows: rows.length, chunks: 1 };
}

/**
 * Packs an ended shift's rows, one transaction per window (or per few sparse ones). Under a background pass's `control`
 * it rests between two windows (the duty cycle) and stops after the window in hand when the pass
 * stops. A crash or a stop between windows leaves some packed and the rest rows, both read.
 */
export async function packShift(db: Kysely<Database>, shiftId: number, control?: Pick<PassControl, 'breathe' | 'stopped'>): Promise<PackOutcome> {
  const outcome: PackOutcome = { packedRows: 0, chunks: 0 };
  for (const windows of groupWindows(await windowRowCounts(db, shiftId))) {
    if (control?.stopped()) break;
    await db.transaction().execute(async (trx) => {
      for (const window of windows) {
        const done = await packWindowIn(trx, shiftId, window);
        outcome.packedRows += done.packedRows;
        outcome.chunks += done.chunks;
      }
    });
    if (control) await control.breathe();
  }
  // Chunks rewritten: count the shift's chunks, not the rewrites.
  const { n } = await db.selectFrom('trail_chunks').select((eb) => eb.fn.countAll<number>().as('n')).where('shift_id', '=', shiftId).executeTakeFirstOrThrow();
  return { packedRows: outcome.packedRows, chunks: outcome.packedRows ? Number(n) : 0 };
}

/** Ended shifts that still have rows, after `cursor`, oldest id first. */
export async function listShiftsToPack(db: Kysely<Database>, limit: number, cursor = 0): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select s.id from ${shiftRows(db)} s
    where s.end_time is not null and s.id > ${cursor}
      and exists (select 1 from shift_locations l where l.shift_id = s.id)
    order by s.id limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

export async function countShiftsToPack(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${shiftRows(db)} s
    where s.end_time is not null and exists (select 1 from shift_locations l where l.shift_id = s.id)`.execute(db);
  return rows[0].n;
}
