/**
 * A fingerprint of a shift's stored points, one short query: how many rows and packed points it
 * has and the latest time of each tier. Any change a trail can see changes it: a late point (one
 * more row), a pass packing rows (fewer rows, more packed points), retention dropping a chunk.
 * Readers that keep something derived from a whole trail (the replay's answer) keep it while the
 * fingerprint stays the same. Points are never updated in place.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The fingerprint and the counts it is made of (an open shift's kept summary checks them). */
export interface TrailFingerprint {
  version: string;
  /** Rows of shift_locations, and points packed in trail_chunks (the two tiers hold each point once but during a pack). */
  rows: number;
  chunks: number;
  packed: number;
}

export async function trailFingerprint(db: Kysely<Database>, shiftId: number): Promise<TrailFingerprint> {
  const { rows } = await sql<{ rows: string; last_row: unknown; chunks: string; packed: string; last_packed: unknown }>`
    select
      (select count(*) from shift_locations where shift_id = ${shiftId}) as rows,
      (select max(recorded_at) from shift_locations where shift_id = ${shiftId}) as last_row,
      (select count(*) from trail_chunks where shift_id = ${shiftId}) as chunks,
      (select coalesce(sum(points), 0) from trail_chunks where shift_id = ${shiftId}) as packed,
      (select max(last_at) from trail_chunks where shift_id = ${shiftId}) as last_packed`.execute(db);
  const row = rows[0];
  const time = (value: unknown): string => (value === null ? '-' : value instanceof Date ? value.toISOString() : String(value));
  return {
    version: `${row.rows}:${time(row.last_row)}:${row.chunks}:${row.packed}:${time(row.last_packed)}`,
    rows: Number(row.rows),
    chunks: Number(row.chunks),
    packed: Number(row.packed),
  };
}

export async function trailVersion(db: Kysely<Database>, shiftId: number): Promise<string> {
  return (await trailFingerprint(db, shiftId)).version;
}
