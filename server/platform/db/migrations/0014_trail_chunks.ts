/**
 * Packed trails (issue 22): an ended shift's points move from shift_locations (one row a point,
 * ~130 bytes with its indexes) to a few rows a shift, one per ten minutes of points, each holding the
 * window's points delta-encoded (server/modules/positions/packed/trailCodec.ts). The bounds let a
 * page or a point-at-a-time read open only the chunks it needs; retention drops chunks whole.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('trail_chunks')
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    /** The chunk's first and last point, exactly (microseconds). */
    .addColumn('first_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('trail_chunks_pk', ['shift_id', 'first_at'])
    .execute();
  // The bytes are varints already: pglz would spend CPU to save nothing.
  await sql`alter table trail_chunks alter column data set storage external`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('trail_chunks').execute();
}
