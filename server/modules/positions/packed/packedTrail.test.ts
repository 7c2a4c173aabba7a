/**
 * Packing ended shifts, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL: every field of every
 * point reads back identical before and after, through readTrail and the trail route's repository;
 * a re-run finds nothing; a late point and a resend land right; an aborted pack loses and
 * duplicates nothing; retention drops what is older and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { openPostgres, type OpenDatabase } from '../../../platform/db/client';
import { openTestPglite } from '../../../tools/testing/pgliteTemplate';
import { migrateToLatest } from '../../../platform/db/migrate';
import type { Database } from '../../../platform/db/schema';
import { createFleet, insertShifts } from '../../../tools/testing/fleetFixtures';
import { readTrail } from '../readTrail';
import { listShiftLocations } from '../shiftLocationsRepo';
import { countShiftsToPack, packShift, packWindowIn, windowsWithRows } from './packShift';
import { readPackedPointAt } from './readPackedPointAt';
import { applyRetention } from './retention';
import { createTrailPackPass } from './trailPackPass';
import type { FastifyBaseLogger } from 'fastify';
import { readStoredPoints } from './storedPoints';
import { countRows, makeTrail, START_US, storeRows } from './trailFixtures';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('packedTrail.test.ts: PostgreSQL part skipped because TEST_DATABASE_URL is not set.');

interface Scratch {
  database: OpenDatabase;
  drop(): Promise<void>;
}

async function openScratch(kind: string): Promise<Scratch> {
  if (kind === 'PGlite') {
    const database = await openTestPglite();
    return { database, drop: () => database.close() };
  }
  const admin = await openPostgres(adminUrl as string);
  const name = `flota_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    async drop() {
      await database.close();
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      await admin.close();
    },
  };
}

const kinds = adminUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

describe.each(kinds)('packed trails on %s', (kind) => {
  let scratch: Scratch;
  let db: Kysely<Database>;
  let ownerId: number;
  let driverId: number;

  beforeAll(async () => {
    scratch = await openScratch(kind);
    db = scratch.database.db;
    await migrateToLatest(db);
    const fleet = await createFleet(db, { rutBody: 36_000_000, company: 'Taxis Compactos', passwordHash: 'x', driverNames: ['Ema'] });
    ownerId = fleet.ownerId;
    driverId = fleet.drivers[0].id;
  }, 60_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  const newShift = async (ended: boolean, endedDaysAgo = 0) =>
    (
      await insertShifts(db, [
        {
          owner_id: ownerId,
          driver_id: driverId,
          start_time: new Date(START_US / 1000),
          end_time: ended ? new Date(Date.now() - endedDaysAgo * 86_400_000) : null,
        },
      ])
    )[0];

  it('reads every field of every point back identical after packing, and a re-run finds nothing to do', async () => {
    const trail = makeTrail(9000);
    const shiftId = await newShift(true);
    await storeRows(db, shiftId, trail);
    const routeBefore = await listShiftLocations(db, ownerId, shiftId);
    const pageBefore = await listShiftLocations(db, ownerId, shiftId, { limit: 700, after: new Date(trail[4000].us / 1000).toISOString() });
    const readBefore = await readTrail(db, shiftId);
    expect(await readStoredPoints(db, shiftId)).toEqual(trail);

    expect(await packShift(db, shiftId)).toEqual({ packedRows: 9000, chunks: new Set(trail.map((p) => Math.floor(p.us / 600e6))).size });
    expect(await countRows(db, 'shift_locations', shiftId)).toBe(0);
    expect(await readStoredPoints(db, shiftId)).toEqual(trail);
    expect(await readTrail(db, shiftId)).toEqual(readBefore);
    expect(await listShiftLocations(db, ownerId, shiftId)).toEqual(routeBefore);
    expect(await listShiftLocations(db, ownerId, shiftId, { limit: 700, after: new Date(trail[4000].us / 1000).toISOString() })).toEqual(pageBefore);
    const at = trail[5000].us / 1000;
    expect((await readPackedPointAt(db, shiftId, new Date(Math.floor(at))))?.time).toBe(Math.floor(trail[4999].us / 1000));

    const chunksBefore = await db.selectFrom('trail_chunks').selectAll().where('shift_id', '=', shiftId).orderBy('first_at').execute();
    expect(await packShift(db, shiftId)).toEqual({ packedRows: 0, chunks: 0 });
    expect(await countShiftsToPack(db)).toBe(0);
    expect(await db.selectFrom('trail_chunks').selectAll().where('shift_id', '=', shiftId).orderBy('first_at').execute()).toEqual(chunksBefore);
  }, 120_000);

  it('packs a sparse trail several windows a transaction, and a 1 Hz one a window a transaction', async () => {
    const sparse = makeTrail(480).map((point, i) => ({ ...point, us: START_US + i * 60_000_000 }));
    const sparseShift = await newShift(true);
    await storeRows(db, sparseShift, sparse);
    const rests = { count: 0 };
    const control = { stopped: () => false, breathe: async () => void (rests.count += 1) };
    expect((await packShift(db, sparseShift, control)).packedRows).toBe(480);
    // 8 hours at a point a minute: 48 windows of 10, packed in one transaction.
    expect(rests.count).toBe(1);
    expect(await readStoredPoints(db, sparseShift)).toEqual(sparse);

    const dense = makeTrail(3000);
    const denseShift = await newShift(true);
    await storeRows(db, denseShift, dense);
    rests.count = 0;
    await packShift(db, denseShift, control);
    // Six windows from 11:30: five of about 600 points, one transaction each; the last few points
    // (12:20) join the fifth's, which stays under 1,000 rows.
    expect(new Set(dense.map((p) => Math.floor(p.us / 600e6))).size).toBe(6);
    expect(rests.count).toBe(5);
    expect(await readStoredPoints(db, denseShift)).toEqual(dense);
  }, 60_000);

  it('leaves an open shift as rows', async () => {
    const shiftId = await newShift(false);
    await storeRows(db, shiftId, makeTrail(50));
    expect(await packShift(db, shiftId)).toEqual({ packedRows: 0, chunks: 0 });
    expect(await countRows(db, 'shift_locations', shiftId)).toBe(50);
    // Ended now: the driver may open another (one open shift a driver).
    await db.updateTable('shifts').set({ end_time: new Date() }).where('id', '=', shiftId).execute();
    expect((await packShift(db, shiftId)).packedRows).toBe(50);
  });

  it('puts a late point in its place and keeps the first of a resent one, before and after the next pack', async () => {
    const trail = makeTrail(3000);
    const shiftId = await newShift(true);
    await storeRows(db, shiftId, trail.filter((_, i) => i !== 1500));
    await packShift(db, shiftId);
    // The missing point arrives late; a tracker resends another with other readings.
    await storeRows(db, shiftId, [trail[1500], { ...trail[20], latitude: 0, speed: 99 }]);
    expect(await readStoredPoints(db, shiftId)).toEqual(trail);
    expect(await countShiftsToPack(db)).toBe(1);
    expect((await packShift(db, shiftId)).packedRows).toBe(2);
    expect(await countRows(db, 'shift_locations', shiftId)).toBe(0);
    expect(await readStoredPoints(db, shiftId)).toEqual(trail);
  }, 60_000);

  it('loses and duplicates nothing when a pack dies before its commit', async () => {
    const trail = makeTrail(4000);
    const shiftId = await newShift(true);
    await storeRows(db, shiftId, trail.slice(0, 2000));
    await packShift(db, shiftId);
    await storeRows(db, shiftId, trail.slice(2000));
    await expect(
      db.transaction().execute(async (trx) => {
        for (const window of await windowsWithRows(trx, shiftId)) await packWindowIn(trx, shiftId, window);
        throw new Error('proceso terminado');
      }),
    ).rejects.toThrow('proceso terminado');
    expect(await countRows(db, 'shift_locations', shiftId)).toBe(2000);
    expect(await readStoredPoints(db, shiftId)).toEqual(trail);
    await packShift(db, shiftId);
    expect(await readStoredPoints(db, shiftId)).toEqual(trail);
  }, 60_000);

  it('retention drops the trails of shifts ended longer ago and old activity, and nothing else', async () => {
    const old = await newShift(true, 40);
    const oldUnpacked = await newShift(true, 40);
    const recent = await newShift(true, 10);
    const open = await newShift(false);
    for (const id of [old, oldUnpacked, recent, open]) await storeRows(db, id, makeTrail(100));
    await packShift(db, old);
    await packShift(db, recent);
    const entry = { owner_id: ownerId, actor_role: 'owner', actor_id: ownerId, actor_name: 'Dueño', entity: 'vehicle', entity_label: 'AB-CD-12', action: 'create', changes: '{}' };
    await db.insertInto('activity_log').values([{ ...entry, created_at: new Date(Date.now() - 400 * 86_400_000) }, entry]).execute();

    expect(await applyRetention(db, { trailDays: null, activityDays: null })).toEqual({ chunks: 0, rows: 0, activity: 0 });
    const outcome = await applyRetention(db, { trailDays: 30, activityDays: 365 });
    expect(outcome).toEqual({ chunks: 1, rows: 100, activity: 1 });
    expect(await readTrail(db, old)).toEqual([]);
    expect(await readTrail(db, oldUnpacked)).toEqual([]);
    expect(await readTrail(db, recent)).toHaveLength(100);
    expect(await readTrail(db, open)).toHaveLength(100);
    expect(await db.selectFrom('shifts').select('id').where('id', 'in', [old, oldUnpacked]).execute()).toHaveLength(2);
    expect(await db.selectFrom('activity_log').select('id').execute()).toHaveLength(1);
    // Outside the retention's own delete the log stays append-only.
    await expect(sql`delete from activity_log`.execute(db)).rejects.toThrow('append-only');
    await db.updateTable('shifts').set({ end_time: new Date() }).where('id', '=', open).execute();
  }, 60_000);

  it('the background pass packs every ended shift with rows, leaves open ones, and a second pass finds nothing', async () => {
    const ended = [await newShift(true), await newShift(true)];
    const open = await newShift(false);
    for (const id of [...ended, open]) await storeRows(db, id, makeTrail(700));
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const pass = createTrailPackPass(db, quiet, { trailDays: null, activityDays: null }, { dutyCycle: 1 });
    const first = await pass.runOnce();
    expect(first.packedRows).toBeGreaterThanOrEqual(1400);
    for (const id of ended) expect(await countRows(db, 'shift_locations', id)).toBe(0);
    expect(await countRows(db, 'shift_locations', open)).toBe(700);
    expect(await pass.runOnce()).toEqual({ packedShifts: 0, packedRows: 0 });
    await pass.stop();
  }, 60_000);

  it('a shift packed on its own at its end leaves its rows\' space to the next rows', async () => {
    const heapBytes = async () =>
      Number((await sql<{ bytes: number }>`select coalesce(sum(pg_relation_size(relid)), 0)::int8 as bytes from pg_partition_tree('shift_locations')`.execute(db)).rows[0].bytes);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const pass = createTrailPackPass(db, quiet, { trailDays: null, activityDays: null }, { dutyCycle: 1, afterEndMs: 0 });
    await pass.runOnce();
    const first = await newShift(true);
    await storeRows(db, first, makeTrail(3000));
    const withRows = await heapBytes();
    // As the end of a shift does: its own pack a moment later, then the periodic pass.
    pass.packLater(first);
    for (let waited = 0; (await countRows(db, 'shift_locations', first)) > 0 && waited < 200; waited += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await countRows(db, 'shift_locations', first)).toBe(0);
    expect(await pass.runOnce()).toEqual({ packedShifts: 0, packedRows: 0 });
    const next = await newShift(true);
    await storeRows(db, next, makeTrail(3000));
    // The same 3,000 rows again fit in the space the packed ones left (without a VACUUM: twice the heap).
    expect(await heapBytes()).toBeLessThan(withRows * 1.3);
    await pass.stop();
  }, 60_000);
});
