/** Trackers' shifts that went quiet: the idle sweep ends them (through endShift, like every end). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface IdleShift {
  id: number;
  ownerId: number;
  /** The last point's time (or the start when it never had one): the shift's end. */
  lastSeen: Date;
}

/**
 * Active shifts started by a tracker that heard nothing since `before` (server clock: last_seen_at),
 * at most `limit`. Each ends at its last point's time (or its start when it never had one).
 */
export async function findIdleTrackerShifts(db: Kysely<Database>, before: Date, limit: number): Promise<IdleShift[]> {
  const lastSeen = sql<Date>`coalesce(last_location_time, start_time)`;
  const rows = await db
    .selectFrom('shifts')
    .select(['id', 'owner_id', lastSeen.as('last_seen')])
    .where('end_time', 'is', null)
    .where('started_by', '=', 'tracker')
    .where('last_seen_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, lastSeen: new Date(row.last_seen) }));
}
