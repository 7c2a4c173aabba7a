/**
 * ACTIVITY_RETENTION_DAYS: the activity log's entries older than that many days go, a batch per
 * transaction. The positions module's retention pass calls it through this module's door, since
 * the log is this module's table.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Deletes up to `limit` entries older than `keepDays` days; answers how many went. */
export async function deleteActivityBatch(db: Kysely<Database>, keepDays: number, limit: number): Promise<number> {
  // The log's trigger lets a delete through only for entries older than this transaction's setting (migration 0015).
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('flota.activity_retention_days', ${String(keepDays)}, true)`.execute(trx);
    const activity = await sql`
      delete from activity_log where id in (
        select id from activity_log where created_at < now() - make_interval(days => ${keepDays}) limit ${limit})`.execute(trx);
    return Number(activity.numAffectedRows ?? 0);
  });
}
