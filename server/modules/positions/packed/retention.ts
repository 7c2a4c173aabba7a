/**
 * Retention: RETENTION_DAYS drops the trails of shifts that ended longer ago (whole packed chunks;
 * the rows of a shift never packed go with it), ACTIVITY_RETENTION_DAYS the activity log's older
 * entries. Shifts and their summaries stay, so reports for old periods still answer. Null: keep.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { deleteActivityBatch } from '../../desk';
import { shiftRows } from '../../shifts';

export interface RetentionPolicy {
  /** Days a shift's trail is kept after the shift ended (null: forever). */
  trailDays: number | null;
  /** Days an activity-log entry is kept (null: forever). */
  activityDays: number | null;
}

export interface RetentionOutcome {
  chunks: number;
  rows: number;
  activity: number;
}

const days = (count: number) => sql`now() - make_interval(days => ${count})`;

/** Rows deleted per statement: a year of backlog is many short transactions, each a stop point. */
export const RETENTION_BATCH = 5000;

/** The pass's stop signal (platform/backgroundPass.ts): checked between batches. */
export interface RetentionControl {
  stopped(): boolean;
}

/** Runs `batch` (rows deleted) until one deletes fewer than a full batch, or the pass is stopping. */
async function inBatches(batch: () => Promise<number>, control?: RetentionControl): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await batch();
    total += deleted;
    if (deleted < RETENTION_BATCH || control?.stopped()) return total;
  }
}

export async function applyRetention(db: Kysely<Database>, policy: RetentionPolicy, control?: RetentionControl): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { chunks: 0, rows: 0, activity: 0 };
  if (policy.trailDays !== null) {
    const cut = days(policy.trailDays);
    outcome.chunks = await inBatches(async () => {
      const chunks = await sql`
        delete from trail_chunks where ctid = any(array(
          select c.ctid from trail_chunks c join ${shiftRows(db)} s on s.id = c.shift_id
          where s.end_time < ${cut} limit ${RETENTION_BATCH}))`.execute(db);
      return Number(chunks.numAffectedRows ?? 0);
    }, control);
    // Partitioned by week: a row is its partition (tableoid) and its place in it (ctid).
    outcome.rows = await inBatches(async () => {
      const rows = await sql`
        delete from shift_locations where (tableoid, ctid) in (
          select l.tableoid, l.ctid from shift_locations l join ${shiftRows(db)} s on s.id = l.shift_id
          where s.end_time < ${cut} limit ${RETENTION_BATCH})`.execute(db);
      return Number(rows.numAffectedRows ?? 0);
    }, control);
  }
  if (policy.activityDays !== null && !control?.stopped()) {
    const keep = policy.activityDays;
    // The log is the desk module's: its door deletes a batch.
    outcome.activity = await inBatches(() => deleteActivityBatch(db, keep, RETENTION_BATCH), control);
  }
  return outcome;
}
