/**
 * The last PACKED point of a shift at or before a time, or null: what a "where was it at T" read
 * (positions/readPointAt.ts) adds to its row lookup for shifts whose points are packed. Opens at
 * most two chunks: the one that starts at or before T, and the one before it when T falls before
 * the first point of that chunk (possible only by microseconds at its start).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { toTrailPoint, type TrailPoint } from '../readTrail';
import { decodeTrail } from './trailCodec';

export async function readPackedPointAt(db: Kysely<Database>, shiftId: number, at: Date): Promise<TrailPoint | null> {
  const atUs = at.getTime() * 1000;
  const { rows } = await sql<{ data: Uint8Array }>`
    select data from trail_chunks
    where shift_id = ${shiftId} and first_at <= ${at}
    order by first_at desc limit 2`.execute(db);
  for (const row of rows) {
    const points = decodeTrail(row.data);
    for (let i = points.length - 1; i >= 0; i -= 1) if (points[i].us <= atUs) return toTrailPoint(points[i]);
  }
  return null;
}
