/**
 * Points older than POINT_MAX_AGE_DAYS (issue 32, defect 2): a tracker point dated a year ago opens
 * no shift and stores nothing, and is counted as tooOld; a phone's offline queue within the limit
 * is kept whole, and its points beyond it are let go (answered, not stored) with the rest kept.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { offsetClock } from '../../platform/clock';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { createOnShiftFleet, type OnShiftFleet } from '../../tools/testing/bulkFleet';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { standalonePositionService, type StandalonePositions } from '../../tools/testing/standalonePositions';

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(kinds)('points older than the age limit on %s', (kind) => {
  let database: OpenDatabase;
  let scratch: ScratchDatabase | null = null;
  let db: Kysely<Database>;
  let fleet: OnShiftFleet;
  let service: StandalonePositions;
  // A fixed "now" through the injectable clock: the same in every run.
  const clock = offsetClock(0);
  const now = () => clock.now().getTime();
  const at = (time: number, latitude = -33.45) => ({ latitude, longitude: -70.66, timestamp: new Date(time).toISOString() });

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_old_points');
      database = await openPostgres(scratch.url);
      await migrateToLatest(database.db);
    } else {
      // A copy of the run's migrated template: nothing to migrate.
      database = await openTestPglite();
    }
    db = database.db;
    // Driver 0 works a shift started 30 hours ago (a long one, for the phone's queue); driver 1 has none.
    fleet = await createOnShiftFleet(db, { drivers: 2, jwtSecret: 'x'.repeat(40), startedAt: new Date(Date.now() - 30 * HOUR) });
    await db.updateTable('shifts').set({ end_time: new Date() }).where('id', '=', fleet.drivers[1].shiftId).execute();
    service = standalonePositionService({
      db,
      publisher: { publishLocations: () => undefined, publish: () => undefined },
      log: Fastify({ logger: false }).log,
      databaseUrl: scratch?.url ?? null,
      maxPointAgeDays: 3,
      shiftIdleEndMinutes: 30,
      idleSweepMs: HOUR,
      clock,
    });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await database?.close();
    await scratch?.drop();
  });

  const deviceOf = async (driverId: number) => (await sql<{ device_id: string }>`select device_id from drivers where id = ${driverId}`.execute(db)).rows[0].device_id;
  const shiftsOf = (driverId: number) => db.selectFrom('shifts').select(['id', 'start_time', 'end_time']).where('driver_id', '=', driverId).execute();

  it('refuses a tracker point dated a year ago: counted as tooOld, no shift opened, nothing stored', async () => {
    const tracker = fleet.drivers[1];
    const before = await shiftsOf(tracker.id);
    const tooOld = service.stats.tooOld;
    const outcome = await service.submitFromDevice(await deviceOf(tracker.id), [at(now() - 365 * DAY)]);
    expect(outcome).toEqual({ outcome: 'ignored', ignored: 1 });
    expect(service.stats.tooOld - tooOld).toBe(1);
    expect(await shiftsOf(tracker.id)).toEqual(before);
    // Its next point, from now, opens the shift at its own time (not at the old one).
    const fresh = now() - 10_000;
    expect(await service.submitFromDevice(await deviceOf(tracker.id), [at(now() - 400 * DAY), at(fresh)])).toEqual({ outcome: 'accepted', accepted: 1, ignored: 1 });
    const opened = (await shiftsOf(tracker.id)).filter((shift) => shift.end_time === null);
    expect(opened.map((shift) => new Date(shift.start_time).getTime())).toEqual([fresh]);
    expect(service.stats.tooOld - tooOld).toBe(2);
  });

  it("keeps a phone's offline queue within the limit whole, and lets go of the points beyond it", async () => {
    const phone = { ...fleet.drivers[0], ownerId: fleet.ownerId };
    const tooOld = service.stats.tooOld;
    const t = now();
    // Twenty hours offline inside a long shift: every point kept.
    const queue = [20, 12, 6, 1].map((hours, i) => at(t - hours * HOUR, -33.45 + i / 1000));
    expect(await service.submitFromDriver(phone, queue)).toEqual({ outcome: 'accepted', accepted: 4, ignored: 0 });
    // A batch with one point past the limit (a wrong clock): the rest kept, that one counted, the batch answered.
    expect(await service.submitFromDriver(phone, [at(t - 4 * DAY), at(t - 1000, -33.46)])).toEqual({ outcome: 'accepted', accepted: 1, ignored: 1 });
    expect(await service.submitFromDriver(phone, [at(t - 4 * DAY)])).toEqual({ outcome: 'ignored', ignored: 1 });
    expect(service.stats.tooOld - tooOld).toBe(2);
    const stored = await db.selectFrom('shift_locations').select('recorded_at').where('shift_id', '=', phone.shiftId).orderBy('recorded_at').execute();
    expect(stored.map((row) => new Date(row.recorded_at).getTime())).toEqual([...queue.map((p) => Date.parse(p.timestamp)), t - 1000].sort((a, b) => a - b));
  });
});
