/**
 * The hot tier's weeks (migration 0016): shift_locations is partitioned by week of recorded_at.
 * The next four weeks always exist (made at start and by each background pass), so the ingest
 * never waits on DDL; a week that ended two weeks ago and whose points were all packed is dropped
 * whole. A point outside every week (a clock far off) lands in the default partition, never refused.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { dropEmptyWeeks, ensureWeeks, type PartitionedTable } from '../../../platform/db/weeklyPartitions';

export const HOT_TIER: PartitionedTable = { table: 'shift_locations', column: 'recorded_at' };
const WEEKS_AHEAD = 4;
/** An emptied week is kept this long after it ends: late points of a shift just packed still find it. */
const KEEP_EMPTY_MS = 14 * 86_400_000;

export async function maintainHotWeeks(db: Kysely<Database>, now = Date.now()): Promise<{ created: string[]; dropped: string[] }> {
  const created = await ensureWeeks(db, HOT_TIER, { from: now, now, weeksAhead: WEEKS_AHEAD });
  const dropped = await dropEmptyWeeks(db, HOT_TIER, now - KEEP_EMPTY_MS);
  return { created, dropped };
}
