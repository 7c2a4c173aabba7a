/**
 * Shift summaries (issue 21): kilometres, moving and stopped time, stops and trips of each ended
 * shift, computed once (at shift end, or by the background pass for shifts ended before this
 * table) by server/modules/reports, so reports never walk every point on every request. The trips
 * and stops are kept beside the totals as JSON, in the API's shape (contract/reports.ts).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('shift_summaries')
    .addColumn('shift_id', 'integer', (c) => c.primaryKey().references('shifts.id').onDelete('cascade'))
    .addColumn('distance_m', 'double precision', (c) => c.notNull())
    .addColumn('moving_seconds', 'integer', (c) => c.notNull())
    .addColumn('stopped_seconds', 'integer', (c) => c.notNull())
    .addColumn('stops_count', 'integer', (c) => c.notNull())
    .addColumn('trips_count', 'integer', (c) => c.notNull())
    .addColumn('max_speed_kmh', 'double precision', (c) => c.notNull())
    .addColumn('average_speed_kmh', 'double precision', (c) => c.notNull())
    .addColumn('points_count', 'integer', (c) => c.notNull())
    .addColumn('ignored_points', 'integer', (c) => c.notNull())
    .addColumn('first_point_time', 'timestamptz')
    .addColumn('last_point_time', 'timestamptz')
    .addColumn('trips', 'jsonb', (c) => c.notNull())
    .addColumn('stops', 'jsonb', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shift_summaries').execute();
}
