/**
 * Weekly partitions of the hot tier (migration 0016), on PGlite and (with TEST_DATABASE_URL) on
 * PostgreSQL: a point lands in its week's table, one outside every week in the default partition
 * and moves into its week when that week is made; an old empty week is dropped whole, one with
 * rows stays; the migration keeps every existing point.
 */
import { sql, type Kysely } from 'kysely';
import { createFleet, insertShifts } from '../../tools/testing/fleetFixtures';
import { createScratchDatabase } from '../../tools/testing/scratchDatabase';
import { openPostgres, type OpenDatabase } from './client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { migrateTo, migrateToLatest } from './migrate';
import type { Database } from './schema';
import { dropEmptyWeeks, ensureWeeks, tableBytes, weekPartitionName, weekStart } from './weeklyPartitions';

const adminUrl = process.env.TEST_DATABASE_URL;
const HOT = { table: 'shift_locations', column: 'recorded_at' };
const NOW = Date.parse('2026-11-25T15:00:00Z'); // a Wednesday

const kinds: Array<[string, () => Promise<{ database: OpenDatabase; drop(): Promise<void> }>]> = [
  ['PGlite', async () => { const database = await openTestPglite('empty'); return { database, drop: () => database.close() }; }],
];
if (adminUrl) {
  kinds.push(['PostgreSQL', async () => {
    const scratch = await createScratchDatabase(adminUrl, 'flota_weeks');
    const database = await openPostgres(scratch.url);
    return { database, drop: async () => { await database.close(); await scratch.drop(); } };
  }]);
}

/** The partition a stored point sits in. */
async function partitionOf(db: Kysely<Database>, shiftId: number, at: string): Promise<string> {
  const { rows } = await sql<{ part: string }>`select tableoid::regclass::text as part from shift_locations where shift_id = ${shiftId} and recorded_at = ${at}::timestamptz`.execute(db);
  return rows[0]?.part;
}

it('starts weeks on Monday 00:00 UTC and names them by that day', () => {
  expect(new Date(weekStart(NOW)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  expect(new Date(weekStart(Date.parse('2026-11-23T00:00:00Z'))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  expect(new Date(weekStart(Date.parse('2026-11-22T23:59:59Z'))).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  expect(weekPartitionName('shift_locations', weekStart(NOW))).toBe('shift_locations_w20261123');
});

describe.each(kinds)('weekly partitions on %s', (_kind, open) => {
  let scratch: { database: OpenDatabase; drop(): Promise<void> };
  let db: Kysely<Database>;
  let shiftId: number;

  beforeAll(async () => {
    scratch = await open();
    db = scratch.database.db;
    // Points stored before the migration are all there after it.
    await migrateTo(db, '0015_activity_retention');
    const fleet = await createFleet(db, { rutBody: 36_700_000, company: 'Taxis Semana', passwordHash: 'x', driverNames: ['Olga'] });
    [shiftId] = await insertShifts(db, [{ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, start_time: new Date(NOW - 86_400_000), end_time: null }]);
    await sql`insert into shift_locations (shift_id, latitude, longitude, recorded_at, speed)
      select ${shiftId}, -32.45, -71.23, now() - make_interval(mins => g), g from generate_series(1, 300) g`.execute(db);
    await migrateToLatest(db);
  }, 60_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  it('keeps every point through the migration, each in its week', async () => {
    const { rows } = await sql<{ n: number; parts: number }>`select count(*)::int as n, count(distinct tableoid)::int as parts from shift_locations where shift_id = ${shiftId}`.execute(db);
    expect(rows[0].n).toBe(300);
    // Each point in the table of its own week (date_trunc('week') is Monday too), none in the default one.
    const { rows: misplaced } = await sql<{ n: number }>`select count(*)::int as n from shift_locations
      where shift_id = ${shiftId}
        and tableoid::regclass::text <> 'shift_locations_w' || to_char(date_trunc('week', recorded_at at time zone 'UTC'), 'YYYYMMDD')`.execute(db);
    expect(misplaced[0].n).toBe(0);
  });

  it('puts a point of a week not made yet in the default partition, and moves it into its week when made', async () => {
    const far = new Date(NOW + 200 * 86_400_000).toISOString();
    await db.insertInto('shift_locations').values({ shift_id: shiftId, latitude: -32.4, longitude: -71.2, recorded_at: far }).execute();
    expect(await partitionOf(db, shiftId, far)).toBe('shift_locations_default');
    const made = await ensureWeeks(db, HOT, { from: Date.parse(far), now: Date.parse(far), weeksAhead: 0 });
    expect(made).toEqual([weekPartitionName('shift_locations', weekStart(Date.parse(far)))]);
    expect(await partitionOf(db, shiftId, far)).toBe(made[0]);
    // The ingest's ON CONFLICT target still holds across partitions: a resend is stored once.
    await sql`insert into shift_locations (shift_id, latitude, longitude, recorded_at) values (${shiftId}, 0, 0, ${far}::timestamptz) on conflict (shift_id, recorded_at) do nothing`.execute(db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from shift_locations where shift_id = ${shiftId} and recorded_at = ${far}::timestamptz`.execute(db);
    expect(rows[0].n).toBe(1);
  });

  it('drops old weeks that are empty and keeps those with points and the recent ones', async () => {
    const old = Date.parse('2026-10-05T12:00:00Z');
    const made = await ensureWeeks(db, HOT, { from: old, now: old, weeksAhead: 1 });
    expect(made).toEqual(['shift_locations_w20261005', 'shift_locations_w20261012']);
    await db.insertInto('shift_locations').values({ shift_id: shiftId, latitude: -32.4, longitude: -71.2, recorded_at: new Date(old + 7 * 86_400_000) }).execute();
    const dropped = await dropEmptyWeeks(db, HOT, NOW - 14 * 86_400_000);
    expect(dropped).toContain('shift_locations_w20261005');
    expect(dropped).not.toContain('shift_locations_w20261012');
    const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'shift_locations'::regclass`.execute(db);
    const left = rows.map((row) => row.name);
    expect(left).toContain('shift_locations_w20261012');
    expect(left).not.toContain('shift_locations_w20261005');
    expect(left).toContain(weekPartitionName('shift_locations', weekStart(Date.now())));
  });

  it("counts a partitioned table's bytes over its partitions, and a plain table's as itself", async () => {
    const bytes = async (table: string) => Number((await sql<{ b: number }>`select ${tableBytes(table)} as b`.execute(db)).rows[0].b);
    const { rows } = await sql<{ b: number }>`select sum(pg_total_relation_size(inhrelid))::int8 as b from pg_inherits where inhparent = 'shift_locations'::regclass`.execute(db);
    expect(await bytes('shift_locations')).toBe(Number(rows[0].b));
    expect(await bytes('shift_locations')).toBeGreaterThan(0);
    const { rows: plain } = await sql<{ b: number }>`select pg_total_relation_size('owners')::int8 as b`.execute(db);
    expect(await bytes('owners')).toBe(Number(plain[0].b));
    expect(await bytes('owners')).toBeGreaterThan(0);
  });
});
