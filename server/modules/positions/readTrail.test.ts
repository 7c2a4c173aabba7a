/**
 * readTrail on PGlite: a trail longer than one page comes whole, oldest first, with its readings,
 * and only the asked shift's points.
 */
import type { Kysely } from 'kysely';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import type { Database } from '../../platform/db/schema';
import { createFleet, insertShifts } from '../../tools/testing/fleetFixtures';
import { readTrail, TRAIL_PAGE } from './readTrail';

let database: OpenDatabase;
let db: Kysely<Database>;

beforeAll(async () => {
  database = await openTestPglite();
  db = database.db;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

it('reads every point of a trail longer than a page, in time order, and no other shift’s', async () => {
  const fleet = await createFleet(db, { rutBody: 35_000_000, company: 'Taxis Rastro', passwordHash: 'x', driverNames: ['Flor', 'Gil'] });
  const start = Date.parse('2026-11-03T12:00:00Z');
  const [mine, other] = await insertShifts(db, fleet.drivers.map((driver) => ({ owner_id: fleet.ownerId, driver_id: driver.id, start_time: new Date(start) })));
  const count = 2 * TRAIL_PAGE + 345;
  // Stored newest first, so the order read back is the query's, not the insertion's.
  const rows = Array.from({ length: count }, (_, i) => count - 1 - i).map((i) => ({
    shift_id: mine,
    latitude: -32.45 + i / 1e6,
    longitude: -71.23,
    recorded_at: new Date(start + i * 1000 + (i % 1000)),
    speed: i % 2 ? 10 : null,
    accuracy: 5,
  }));
  for (let i = 0; i < rows.length; i += 2000) await db.insertInto('shift_locations').values(rows.slice(i, i + 2000)).execute();
  await db.insertInto('shift_locations').values({ shift_id: other, latitude: 0, longitude: 0, recorded_at: new Date(start + 500) }).execute();

  const trail = await readTrail(db, mine);
  expect(trail).toHaveLength(count);
  expect(trail.every((point, i) => i === 0 || point.time > trail[i - 1].time)).toBe(true);
  expect(trail[0]).toEqual({ time: start, latitude: -32.45, longitude: -71.23, speed: null, accuracy: 5, heading: null, battery: null });
  expect(trail[count - 1].time).toBe(start + (count - 1) * 1000 + ((count - 1) % 1000));
  expect(trail[1].speed).toBe(10);
  expect(await readTrail(db, 999_999)).toEqual([]);
}, 60_000);
