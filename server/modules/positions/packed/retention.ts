/**
 * Retention: RETENTION_DAYS drops the trails of shifts that ended longer ago (whole packed chunks;
 * the rows of a shift never packed go with it), ACTIVITY_RETENTION_DAYS the activity log's older
 * entries. Shifts and their summaries stay, so reports for old periods still answer. Null: keep.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';

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

export async function applyRetention(db: Kysely<Database>, policy: RetentionPolicy): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { chunks: 0, rows: 0, activity: 0 };
  if (policy.trailDays !== null) {
    const chunks = await sql`
      delete from trail_chunks c using shifts s
      where s.id = c.shift_id and s.end_time < ${days(policy.trailDays)}`.execute(db);
    outcome.chunks = Number(chunks.numAffectedRows ?? 0);
    const rows = await sql`
      delete from shift_locations l using shifts s
      where s.id = l.shift_id and s.end_time < ${days(policy.trailDays)}`.execute(db);
    outcome.rows = Number(rows.numAffectedRows ?? 0);
  }
  if (policy.activityDays !== null) {
    const keep = policy.activityDays;
    // The log's trigger lets a delete through only for entries older than this transaction's setting (migration 0015).
    outcome.activity = await db.transaction().execute(async (trx) => {
      await sql`select set_config('flota.activity_retention_days', ${String(keep)}, true)`.execute(trx);
      const activity = await sql`delete from activity_log where created_at < ${days(keep)}`.execute(trx);
      return Number(activity.numAffectedRows ?? 0);
    });
  }
  return outcome;
}
