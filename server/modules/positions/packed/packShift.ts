/**
 * Packing one ended shift: its rows leave shift_locations and join its chunks (one per clock hour
 * of points) in ONE transaction, so a crash at any moment leaves either the rows or the chunks,
 * never neither and never both. The rows are taken by DELETE ... RETURNING: exactly the rows
 * deleted are the rows packed, even if a late point is inserted meanwhile (it stays a row, read
 * beside the chunks, and a later pass packs it). Chunks already there are merged with the rows and
 * rewritten, so a re-run, a late point and a reopened shift all end as one ordered packed trail.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { isoMicros, mergeTiers, POINT_SELECT, readPackedPoints } from './storedPoints';
import { encodeTrail, type PackedPoint } from './trailCodec';

const HOUR_US = 3_600_000_000;

export interface PackOutcome {
  /** Rows moved into chunks (0: nothing to do: an open shift, or one already packed). */
  packedRows: number;
  chunks: number;
}

function byHour(points: readonly PackedPoint[]): PackedPoint[][] {
  const groups: PackedPoint[][] = [];
  let hour = Number.NaN;
  for (const point of points) {
    const own = Math.floor(point.us / HOUR_US);
    if (own !== hour) groups.push([]);
    hour = own;
    groups[groups.length - 1].push(point);
  }
  return groups;
}

/** The pack inside a transaction the caller commits (packShift) — or, in a test, aborts. */
export async function packShiftIn(trx: Transaction<Database>, shiftId: number): Promise<PackOutcome> {
  // The shift's row lock: a pass and the end-of-shift hook never pack one shift at once.
  const shift = await sql<{ ended: boolean }>`select end_time is not null as ended from shifts where id = ${shiftId} for update`.execute(trx);
  if (!shift.rows[0]?.ended) return { packedRows: 0, chunks: 0 };
  const { rows } = await sql<PackedPoint>`delete from shift_locations where shift_id = ${shiftId} returning ${POINT_SELECT}`.execute(trx);
  if (!rows.length) return { packedRows: 0, chunks: 0 };
  rows.sort((a, b) => a.us - b.us);
  const packed = await readPackedPoints(trx, shiftId);
  // Rows with a time already packed are resends: dropped, as the ingest drops them.
  const trail = mergeTiers(rows, packed);
  await trx.deleteFrom('trail_chunks').where('shift_id', '=', shiftId).execute();
  const groups = byHour(trail);
  for (const group of groups) {
    await trx
      .insertInto('trail_chunks')
      .values({
        shift_id: shiftId,
        first_at: isoMicros(group[0].us),
        last_at: isoMicros(group[group.length - 1].us),
        points: group.length,
        data: encodeTrail(group),
      })
      .execute();
  }
  return { packedRows: rows.length, chunks: groups.length };
}

export function packShift(db: Kysely<Database>, shiftId: number): Promise<PackOutcome> {
  return db.transaction().execute((trx) => packShiftIn(trx, shiftId));
}

/** Ended shifts that still have rows, after `cursor`, oldest id first. */
export async function listShiftsToPack(db: Kysely<Database>, limit: number, cursor = 0): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select s.id from shifts s
    where s.end_time is not null and s.id > ${cursor}
      and exists (select 1 from shift_locations l where l.shift_id = s.id)
    order by s.id limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

export async function countShiftsToPack(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from shifts s
    where s.end_time is not null and exists (select 1 from shift_locations l where l.shift_id = s.id)`.execute(db);
  return rows[0].n;
}
