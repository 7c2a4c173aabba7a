/**
 * The hot tier by week (issue 22): shift_locations becomes a table partitioned by recorded_at, one
 * partition a week (platform/db/weeklyPartitions.ts) and a default one for points outside every
 * week. Points stay rows only while their shift is open (positions/packed/ packs them a minute
 * after it ends), so an old week empties and is dropped whole. The bigserial id goes: nothing
 * reads it, a partitioned table's keys must hold the partition column, and it cost 8 bytes a row
 * plus a primary-key index. (shift_id, recorded_at) stays unique: the ingest's ON CONFLICT target.
 */
import { sql, type Kysely } from 'kysely';
import { ensureWeeks } from '../weeklyPartitions';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const COLUMNS = sql.raw('shift_id, latitude, longitude, recorded_at, speed, heading, accuracy, battery');
/** Weeks made for existing rows reach back at most this far; older rows wait in the default partition for their pack. */
const BACK_WEEKS = 8;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table shift_locations rename to shift_locations_unpartitioned`.execute(db);
  await sql`alter index shift_locations_shift_recorded_uq rename to shift_locations_unpartitioned_uq`.execute(db);
  await sql`create table shift_locations (
      shift_id integer not null references shifts(id),
      latitude double precision not null,
      longitude double precision not null,
      recorded_at timestamptz not null,
      speed double precision,
      heading double precision,
      accuracy double precision,
      battery double precision
    ) partition by range (recorded_at)`.execute(db);
  await sql`create unique index shift_locations_shift_recorded_uq on shift_locations (shift_id, recorded_at)`.execute(db);
  await sql`create table shift_locations_default partition of shift_locations default`.execute(db);
  const { rows } = await sql<{ first: Date | null }>`select min(recorded_at) as first from shift_locations_unpartitioned`.execute(db);
  const now = Date.now();
  const from = Math.max(rows[0].first ? new Date(rows[0].first).getTime() : now, now - BACK_WEEKS * 7 * 86_400_000);
  await ensureWeeks(db, { table: 'shift_locations', column: 'recorded_at' }, { from: Math.min(from, now), now, weeksAhead: 4 });
  await sql`insert into shift_locations (${COLUMNS}) select ${COLUMNS} from shift_locations_unpartitioned`.execute(db);
  await sql`drop table shift_locations_unpartitioned`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table shift_locations rename to shift_locations_partitioned`.execute(db);
  await sql`alter index shift_locations_shift_recorded_uq rename to shift_locations_partitioned_uq`.execute(db);
  await sql`create table shift_locations (
      id bigserial primary key,
      shift_id integer not null references shifts(id),
      latitude double precision not null,
      longitude double precision not null,
      recorded_at timestamptz not null,
      speed double precision,
      heading double precision,
      accuracy double precision,
      battery double precision
    )`.execute(db);
  await sql`create unique index shift_locations_shift_recorded_uq on shift_locations (shift_id, recorded_at)`.execute(db);
  await sql`insert into shift_locations (${COLUMNS}) select ${COLUMNS} from shift_locations_partitioned order by recorded_at`.execute(db);
  await sql`drop table shift_locations_partitioned`.execute(db);
}
