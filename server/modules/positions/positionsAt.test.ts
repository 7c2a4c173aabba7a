/**
 * positionsAt and readPointAt on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a point exactly at
 * the asked time counts, a point older than the window does not, a shift that ended before the
 * window or started after the time is absent, and another fleet's shifts never appear.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../identity';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { createFleet, insertShifts, type Fleet } from '../../tools/testing/fleetFixtures';
import { createScratchDatabase, type ScratchDatabase } from '../../tools/testing/scratchDatabase';
import { packShift } from './packed/packShift';
import { positionsAt, readPointAt } from './index';

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const AT = new Date('2026-03-10T16:00:00.000Z');
const WINDOW = 30 * 60_000;
const t = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00.000Z`);

describe.each(kinds)('positionsAt on %s', (kind) => {
  let database: OpenDatabase;
  let scratch: ScratchDatabase | null = null;
  let db: Kysely<Database>;
  let fleet: Fleet;
  let other: Fleet;
  const ids = { exact: 0, stale: 0, endedBefore: 0, endedInside: 0, later: 0, otherFleet: 0 };

  async function points(shiftId: number, times: string[], latitude: number) {
    const rows = times.map((hhmm, i) => ({ shift_id: shiftId, latitude: latitude + i / 1000, longitude: -71.23, recorded_at: t(hhmm), speed: 5 }));
    await db.insertInto('shift_locations').values(rows).execute();
  }

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'flota_positions_at');
      database = await openPostgres(scratch.url);
      await migrateToLatest(database.db);
    } else {
      // A copy of the run's migrated template: nothing to migrate.
      database = await openTestPglite();
    }
    db = database.db;
    const passwordHash = await hashPassword('donde-estaba-2026');
    fleet = await createFleet(db, { rutBody: 33_000_000, company: 'Taxis Hora', passwordHash, driverNames: ['Ana', 'Beto', 'Ciro', 'Dora'], platePrefix: 'HORA' });
    other = await createFleet(db, { rutBody: 34_000_000, company: 'Taxis Ajenos', passwordHash, driverNames: ['Eva'] });
    const [ana, beto, ciro, dora] = fleet.drivers;
    const shift = (driver: Fleet['drivers'][number], ownerId: number, start: string, end: string | null) => ({
      owner_id: ownerId,
      driver_id: driver.id,
      vehicle_id: driver.vehicle_id,
      start_time: t(start),
      end_time: end ? t(end) : null,
    });
    [ids.exact, ids.stale, ids.endedBefore, ids.endedInside, ids.later, ids.otherFleet] = await insertShifts(db, [
      shift(ana, fleet.ownerId, '14:00', '18:00'),
      shift(beto, fleet.ownerId, '15:00', null),
      shift(ciro, fleet.ownerId, '12:00', '15:00'),
      shift(dora, fleet.ownerId, '15:00', '15:45'),
      shift(ciro, fleet.ownerId, '16:10', '17:00'),
      shift(other.drivers[0], other.ownerId, '14:00', '18:00'),
    ]);
    await points(ids.exact, ['15:50', '16:00', '16:05'], -32.1);
    await points(ids.stale, ['15:10'], -32.2);
    await points(ids.endedBefore, ['14:59'], -32.3);
    await points(ids.endedInside, ['15:20', '15:44'], -32.4);
    await points(ids.later, ['16:11'], -32.5);
    await points(ids.otherFleet, ['15:59'], -32.6);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('gives each shift of the fleet its last point at or before the time, within the window', async () => {
    const found = await positionsAt(db, fleet.ownerId, AT, WINDOW);
    expect(found.map((entry) => [entry.driverName, entry.plateNumber, new Date(entry.point.time).toISOString()])).toEqual([
      ['Ana Prueba', 'HORA10', '2026-03-10T16:00:00.000Z'],
      ['Dora Prueba', 'HORA13', '2026-03-10T15:44:00.000Z'],
    ]);
    expect(found[0]).toMatchObject({ shiftId: ids.exact, driverId: fleet.drivers[0].id, point: { latitude: expect.closeTo(-32.099, 6), speed: 5 } });
  });

  it('a point exactly at the time counts; a millisecond earlier it is the point before', async () => {
    expect((await readPointAt(db, ids.exact, AT))?.time).toBe(AT.getTime());
    expect((await readPointAt(db, ids.exact, new Date(AT.getTime() - 1)))?.time).toBe(t('15:50').getTime());
    expect(await readPointAt(db, ids.exact, t('15:49'))).toBeNull();
  });

  it('a wider window reaches the quiet phone and the shift that ended earlier', async () => {
    const found = await positionsAt(db, fleet.ownerId, AT, 2 * 3_600_000);
    expect(found.map((entry) => entry.shiftId).sort((a, b) => a - b)).toEqual([ids.exact, ids.stale, ids.endedBefore, ids.endedInside].sort((a, b) => a - b));
  });

  it('finds a shift that began days before the time (left open over a weekend) as well as the short ones', async () => {
    const dora = fleet.drivers[3];
    const [long] = await insertShifts(db, [
      { owner_id: fleet.ownerId, driver_id: dora.id, vehicle_id: dora.vehicle_id, start_time: new Date('2026-03-08T09:00:00Z'), end_time: t('18:00') },
    ]);
    try {
      await points(long, ['15:58'], -32.7);
      const found = await positionsAt(db, fleet.ownerId, AT, WINDOW);
      expect(found.map((entry) => entry.shiftId).sort((a, b) => a - b)).toEqual([ids.exact, ids.endedInside, long].sort((a, b) => a - b));
    } finally {
      await db.deleteFrom('shift_locations').where('shift_id', '=', long).execute();
      await db.deleteFrom('shifts').where('id', '=', long).execute();
    }
  });

  it('with a wide window, finds a day-long shift that began more than a day before the time', async () => {
    const ana = fleet.drivers[0];
    // 20 hours, from 10:00 the day before to 06:00; a 12-hour window reaches back to 04:00.
    const [overnight] = await insertShifts(db, [
      { owner_id: fleet.ownerId, driver_id: ana.id, vehicle_id: ana.vehicle_id, start_time: new Date('2026-03-09T10:00:00Z'), end_time: t('06:00') },
    ]);
    try {
      await points(overnight, ['05:59'], -32.8);
      const found = await positionsAt(db, fleet.ownerId, AT, 12 * 3_600_000);
      expect(found.map((entry) => entry.shiftId)).toContain(overnight);
    } finally {
      await db.deleteFrom('shift_locations').where('shift_id', '=', overnight).execute();
      await db.deleteFrom('shifts').where('id', '=', overnight).execute();
    }
  });

  it("another fleet's shifts never appear, and that fleet sees only its own", async () => {
    for (const window of [WINDOW, 24 * 3_600_000]) {
      expect((await positionsAt(db, fleet.ownerId, AT, window)).map((entry) => entry.shiftId)).not.toContain(ids.otherFleet);
    }
    expect((await positionsAt(db, other.ownerId, AT, WINDOW)).map((entry) => entry.shiftId)).toEqual([ids.otherFleet]);
  });

  it('answers the same once the ended shifts are packed, and a late row point beside the packed ones is read too', async () => {
    const before = await positionsAt(db, fleet.ownerId, AT, 2 * 3_600_000);
    for (const id of [ids.exact, ids.endedBefore, ids.endedInside]) await packShift(db, id);
    expect(await db.selectFrom('shift_locations').select('recorded_at').where('shift_id', '=', ids.exact).execute()).toEqual([]);
    expect(await positionsAt(db, fleet.ownerId, AT, 2 * 3_600_000)).toEqual(before);
    expect((await readPointAt(db, ids.exact, new Date(AT.getTime() - 1)))?.time).toBe(t('15:50').getTime());

    // A tracker resends a point after the pack: it stays a row until the next pass, and counts.
    await points(ids.exact, ['15:55'], -32.7);
    expect((await readPointAt(db, ids.exact, new Date(AT.getTime() - 1)))?.time).toBe(t('15:55').getTime());
    expect((await readPointAt(db, ids.exact, AT))?.time).toBe(AT.getTime());
  });
});
