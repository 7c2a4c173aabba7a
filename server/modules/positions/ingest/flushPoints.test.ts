/**
 * The flush statement on both databases, through the runner the server uses for each (PGlite
 * always; PostgreSQL, in its worker thread, with TEST_DATABASE_URL): what it stores and answers,
 * that both run it as a prepared statement, and that no index on shifts covers a column it
 * writes (so each position is a HOT update: no index entry per point).
 */
import { sql, type Kysely } from 'kysely';
import { openPostgres, type OpenDatabase } from '../../../platform/db/client';
import { openTestPglite } from '../../../tools/testing/pgliteTemplate';
import { migrateToLatest } from '../../../platform/db/migrate';
import type { Database } from '../../../platform/db/schema';
import { createOnShiftFleet, type OnShiftFleet } from '../../../tools/testing/bulkFleet';
import { createScratchDatabase, type ScratchDatabase } from '../../../tools/testing/scratchDatabase';
import { flushPoints, type StoredPoint } from './flushPoints';
import { databaseFlushRunner, postgresFlushRunner, type FlushRunner } from './flushRunner';

/** What the flush writes on shifts; an index on any of them would make every position rewrite every index. */
const POSITION_COLUMNS = ['latitude', 'longitude', 'last_location_time', 'position_time_cap', 'last_seen_at'];

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('the ingest flush on %s', (kind) => {
  let database: OpenDatabase;
  let scratch: ScratchDatabase | null = null;
  let db: Kysely<Database>;
  let fleet: OnShiftFleet;
  let runner: FlushRunner;
  const started = Date.now() - 3_600_000;
  const point = (shiftId: number, secondsAfterStart: number, latitude = -33.45): StoredPoint => ({
    shiftId,
    latitude,
    longitude: -70.66,
    time: new Date(started + secondsAfterStart * 1000),
    speed: 10,
    heading: null,
    accuracy: null,
    battery: null,
  });
  const position = async (shiftId: number) =>
    (await sql<{ latitude: number; last_location_time: Date }>`select latitude, last_location_time from shifts where id = ${shiftId}`.execute(db)).rows[0];

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_flush');
      database = await openPostgres(scratch.url);
      runner = postgresFlushRunner(scratch.url, 1);
    } else {
      database = await openTestPglite();
      runner = databaseFlushRunner(database.db);
    }
    db = database.db;
    await migrateToLatest(db);
    fleet = await createOnShiftFleet(db, { drivers: 4, jwtSecret: 'flush-test-secret-0123456789-0123456789', startedAt: new Date(started) });
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('stores every point, moves each shift to its newest and answers the moves with their owner', async () => {
    const [a, b] = fleet.drivers;
    const moved = await flushPoints(runner, [point(a.shiftId, 10, -33.1), point(b.shiftId, 20, -33.2), point(a.shiftId, 30, -33.3), point(a.shiftId, 20, -33.4)]);
    expect(moved).toHaveLength(2);
    expect(moved).toEqual(
      expect.arrayContaining([
        { ownerId: fleet.ownerId, update: { shift_id: a.shiftId, latitude: -33.3, longitude: -70.66, timestamp: new Date(started + 30_000).toISOString(), speed: 10 } },
        { ownerId: fleet.ownerId, update: { shift_id: b.shiftId, latitude: -33.2, longitude: -70.66, timestamp: new Date(started + 20_000).toISOString(), speed: 10 } },
      ]),
    );
    expect((await position(a.shiftId)).latitude).toBe(-33.3);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from shift_locations where shift_id = ${a.shiftId}`.execute(db);
    expect(rows[0].n).toBe(3);
  });

  it('answers no move for a late point, and the map hears what the database stored when two points share a time', async () => {
    const [a, , c] = fleet.drivers;
    expect(await flushPoints(runner, [point(a.shiftId, 5, -34)])).toEqual([]);
    expect((await position(a.shiftId)).latitude).toBe(-33.3);

    const moved = await flushPoints(runner, [point(c.shiftId, 50, -33.7), point(c.shiftId, 50, -33.8)]);
    expect(moved.map((m) => m.update.latitude)).toEqual([(await position(c.shiftId)).latitude]);
  });

  it('fails a flush with a shift that does not exist with PostgreSQL\'s error, and the next flush still runs', async () => {
    await expect(flushPoints(runner, [point(2_000_000_000, 70)])).rejects.toMatchObject({ code: '23503' });
    expect(await flushPoints(runner, [point(fleet.drivers[1].shiftId, 70, -33.9)])).toHaveLength(1);
  });

  it('keeps every index of shifts off the columns a position writes', async () => {
    const { rows } = await sql<{ index: string; definition: string }>`
      select indexrelid::regclass::text as index, pg_get_indexdef(indexrelid) as definition
      from pg_index where indrelid = 'shifts'::regclass`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    for (const { index, definition } of rows) {
      for (const column of POSITION_COLUMNS) expect({ index, covers: new RegExp(`\\b${column}\\b`).test(definition) }).toEqual({ index, covers: false });
    }
  });

  it('runs as a prepared statement on its connection', async () => {
    await flushPoints(runner, [point(fleet.drivers[3].shiftId, 60)]);
    // PostgreSQL's runner has one connection here, the one that ran the flush; PGlite has one session.
    const prepared =
      kind === 'postgres'
        ? await runner.run<{ name: string }>({ name: 'test_prepared', text: 'select name from pg_prepared_statements' }, [])
        : (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows;
    expect(prepared.map((row) => row.name)).toContain('flota_flush_points');
  });
});
