/**
 * Both tiers of a shift's points as PackedPoint (exact microsecond times and readings): the rows
 * of shift_locations and the decoded chunks of trail_chunks. Reads take rows FIRST, then chunks:
 * a pack committing in between moves rows into chunks, so the union still holds every point (at
 * worst twice, and mergeTiers keeps one). Of two points with the same time the packed one wins:
 * it was stored first (the ingest, too, keeps the first of a shift's points at one time).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { decodeTrail, type PackedPoint } from './trailCodec';

/** Rows per query: the embedded database (one connection) answers the ingest between pages. */
export const ROW_PAGE = 5000;

/** Epoch microseconds → an ISO text PostgreSQL reads exactly (a JS Date stops at milliseconds). */
export function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const micros = String(us - ms * 1000).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}

/** The exact time as an int8 of microseconds (extract gives numeric since PostgreSQL 14: exact). */
export const MICROS = sql<number>`(extract(epoch from recorded_at) * 1000000)::int8`;

export const POINT_SELECT = sql`${MICROS} as us, latitude, longitude, speed, heading, accuracy, battery`;

export interface Range {
  /** Only points strictly after this time (epoch microseconds). */
  afterUs?: number;
  /** Only points at or before this time. */
  untilUs?: number;
  /** Enough points to give the first `limit` of the range (more may come back). */
  limit?: number;
}

export async function readRowPoints(db: Kysely<Database>, shiftId: number, range: Range = {}): Promise<PackedPoint[]> {
  const points: PackedPoint[] = [];
  let after = range.afterUs;
  const until = range.untilUs === undefined ? sql`` : sql`and recorded_at <= ${isoMicros(range.untilUs)}::timestamptz`;
  for (;;) {
    const from = after === undefined ? sql`` : sql`and recorded_at > ${isoMicros(after)}::timestamptz`;
    const { rows } = await sql<PackedPoint>`
      select ${POINT_SELECT} from shift_locations
      where shift_id = ${shiftId} ${from} ${until}
      order by recorded_at limit ${ROW_PAGE}`.execute(db);
    points.push(...rows);
    if (rows.length < ROW_PAGE || (range.limit !== undefined && points.length >= range.limit)) return points;
    after = rows[rows.length - 1].us;
  }
}

/** Chunks are ten minutes each: four hours a query keeps one answer small (~150 KB). */
const CHUNK_PAGE = 24;

export async function readPackedPoints(db: Kysely<Database>, shiftId: number, range: Range = {}): Promise<PackedPoint[]> {
  const points: PackedPoint[] = [];
  let from = range.afterUs === undefined ? sql`` : sql`and last_at > ${isoMicros(range.afterUs)}::timestamptz`;
  const until = range.untilUs === undefined ? sql`` : sql`and first_at <= ${isoMicros(range.untilUs)}::timestamptz`;
  for (;;) {
    const { rows } = await sql<{ data: Uint8Array; first_us: number }>`
      select data, (extract(epoch from first_at) * 1000000)::int8 as first_us from trail_chunks
      where shift_id = ${shiftId} ${from} ${until}
      order by first_at limit ${CHUNK_PAGE}`.execute(db);
    for (const row of rows) {
      for (const point of decodeTrail(row.data)) {
        if (range.afterUs !== undefined && point.us <= range.afterUs) continue;
        if (range.untilUs !== undefined && point.us > range.untilUs) break;
        points.push(point);
      }
    }
    if (rows.length < CHUNK_PAGE || (range.limit !== undefined && points.length >= range.limit)) return points;
    from = sql`and first_at > ${isoMicros(rows[rows.length - 1].first_us)}::timestamptz`;
  }
}

/** Two time-ordered runs as one, one point per time (the packed one of a pair). */
export function mergeTiers(rows: readonly PackedPoint[], packed: readonly PackedPoint[]): PackedPoint[] {
  if (!rows.length) return [...packed];
  if (!packed.length) return [...rows];
  const merged: PackedPoint[] = [];
  let r = 0;
  let p = 0;
  while (r < rows.length || p < packed.length) {
    if (p >= packed.length || (r < rows.length && rows[r].us < packed[p].us)) {
      merged.push(rows[r++]);
    } else {
      if (r < rows.length && rows[r].us === packed[p].us) r += 1;
      merged.push(packed[p++]);
    }
  }
  return merged;
}

/** A shift's stored points in time order, whichever tier holds them; `limit` cuts the answer. */
export async function readStoredPoints(db: Kysely<Database>, shiftId: number, range: Range = {}): Promise<PackedPoint[]> {
  const rows = await readRowPoints(db, shiftId, range);
  const packed = await readPackedPoints(db, shiftId, range);
  const merged = mergeTiers(rows, packed);
  return range.limit === undefined ? merged : merged.slice(0, range.limit);
}
