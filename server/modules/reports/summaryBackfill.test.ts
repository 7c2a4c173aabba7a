/**
 * The background pass on PGlite: it works through ended shifts without a summary in batches,
 * newest first, leaves open shifts alone, finds nothing to do the second time, and stops between
 * batches when the server closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import type { Database } from '../../platform/db/schema';
import { createFleet, insertShifts } from '../../tools/testing/fleetFixtures';
import { SyntheticTrack } from '../../tools/testing/syntheticTrack';
import { createSummaryBackfill } from './summaryBackfill';

const silent = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

let database: OpenDatabase;
let db: Kysely<Database>;
let ended: number[];
let open: number;

const summarized = async () => (await sql<{ shift_id: number }>`select shift_id from shift_summaries order by shift_id`.execute(db)).rows.map((row) => row.shift_id);

beforeAll(async () => {
  database = await openTestPglite();
  db = database.db;
  const fleet = await createFleet(db, { rutBody: 33_000_000, company: 'Taxis Pasada', passwordHash: 'x', driverNames: ['Dora'] });
  const start = new Date('2026-11-02T12:00:00Z');
  const shift = (end: Date | null) => ({ owner_id: fleet.ownerId, driver_id: fleet.drivers[0].id, start_time: start, end_time: end });
  const ids = await insertShifts(db, [...Array.from({ length: 7 }, () => shift(new Date('2026-11-02T13:00:00Z'))), shift(null)]);
  ended = ids.slice(0, 7);
  open = ids[7];
  const points = new SyntheticTrack(start).drive(1000, 0, 120).points;
  for (const id of ids) {
    await db.insertInto('shift_locations').values(points.map((p) => ({ shift_id: id, latitude: p.latitude, longitude: p.longitude, recorded_at: new Date(p.time) }))).execute();
  }
}, 60_000);
afterAll(async () => {
  await database?.close();
});

it('rests after each shift as its duty cycle asks, stops when asked, and a later pass finishes the rest, newest first', async () => {
  // A duty cycle of 0.001: after one shift the pass rests (up to 5 s); stop() cuts the rest short.
  const pass = createSummaryBackfill(db, silent, { batchSize: 3, dutyCycle: 0.001 });
  const running = pass.runOnce();
  const deadline = Date.now() + 10_000;
  while ((await summarized()).length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await pass.stop();
  expect(await running).toBe(1);
  expect(await summarized()).toEqual(ended.slice(6));

  const again = createSummaryBackfill(db, silent, { batchSize: 3, dutyCycle: 1 });
  expect(await again.runOnce()).toBe(6);
  expect(await summarized()).toEqual(ended);
  expect(await summarized()).not.toContain(open);
  expect(await again.runOnce()).toBe(0);
  await again.stop();
}, 30_000);
