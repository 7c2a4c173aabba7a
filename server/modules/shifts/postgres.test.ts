/**
 * The same repository queries against a real PostgreSQL server, to prove pg and PGlite answer
 * alike. Needs TEST_DATABASE_URL (CI sets it; locally: scripts/pg-test-server.sh start). Each run
 * creates and drops its own database so parallel runs do not collide.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { driverSchema, shiftSchema, vehicleSchema } from '../../../contract/entities';
import { openPostgres, type OpenDatabase } from '../../platform/db/client';
import { migrateToLatest } from '../../platform/db/migrate';
import type { Database } from '../../platform/db/schema';
import { DEMO_COUNTS, DEMO_OWNER_RUT, seedDemoFleet } from '../../tools/seed/demoFleet';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import { findOwnerForLogin } from '../identity';
import { assignVehicle, insertDriver, listDrivers, lockDriver, softDeleteDriver } from '../drivers';
import { createSecondOwner } from '../../tools/testing/testServer';
import { historyBatches, listShiftHistory } from './historyRepo';
import { inActiveShift, listActiveShifts } from './shiftsRepo';
import { insertVehicle, listVehicles, lockVehicle, softDeleteVehicle } from '../vehicles';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.warn('postgres.test.ts: skipped because TEST_DATABASE_URL is not set (run scripts/pg-test-server.sh start).');
}
const describeWithPostgres = adminUrl ? describe : describe.skip;

describeWithPostgres('repositories on PostgreSQL', () => {
  const dbName = `flota_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let admin: OpenDatabase;
  let database: OpenDatabase;
  let db: Kysely<Database>;
  let ownerId: number;

  beforeAll(async () => {
    admin = await openPostgres(adminUrl as string);
    await sql`create database ${sql.id(dbName)}`.execute(admin.db);
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    database = await openPostgres(url.toString());
    db = database.db;
    await migrateToLatest(db);
    expect(await migrateToLatest(db)).toEqual([]);
    ownerId = (await seedDemoFleet(db, { now: new Date() })).ownerId;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (admin) {
      await sql`drop database if exists ${sql.id(dbName)}`.execute(admin.db);
      await admin.close();
    }
  });

  it('finds the owner by full RUT and by body', async () => {
    expect((await findOwnerForLogin(db, { rut: DEMO_OWNER_RUT }))?.user.id).toBe(ownerId);
    expect((await findOwnerForLogin(db, { body: '12345678' }))?.user.id).toBe(ownerId);
  });

  it('lists drivers with plates and dates as YYYY-MM-DD and ints as numbers', async () => {
    const drivers = z.array(driverSchema.strict()).parse(await listDrivers(db, ownerId));
    expect(drivers).toHaveLength(DEMO_COUNTS.drivers);
    expect(drivers.filter((d) => d.plate_number)).toHaveLength(DEMO_COUNTS.assignedDrivers);
  });

  it('lists vehicles with drivers', async () => {
    const vehicles = z.array(vehicleSchema.strict()).parse(await listVehicles(db, ownerId));
    expect(vehicles).toHaveLength(DEMO_COUNTS.vehicles);
    expect(vehicles.filter((v) => v.driver_id !== null)).toHaveLength(DEMO_COUNTS.assignedDrivers);
  });

  it('lists active shifts with ISO times', async () => {
    const shifts = z.array(shiftSchema.strict()).parse(await listActiveShifts(db, ownerId));
    expect(shifts).toHaveLength(DEMO_COUNTS.activeShifts);
    expect(shifts.every((s) => new Date(s.start_time).toISOString() === s.start_time)).toBe(true);
    const count = await db.selectFrom('shift_locations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(typeof count.n).toBe('number');
  });

  it('history: whole days in the fleet zone, DST days included, newest first', async () => {
    const driver = await db.selectFrom('drivers').select('id').where('owner_id', '=', ownerId).orderBy('id').executeTakeFirstOrThrow();
    // 23:30 on Saturday 2026-04-04 happens twice in Santiago (UTC-3, then UTC-4); 00:30 is Sunday.
    const starts = ['2026-04-05T02:30:00Z', '2026-04-05T03:30:00Z', '2026-04-05T04:30:00Z'];
    await db
      .insertInto('shifts')
      .values(starts.map((start) => ({ owner_id: ownerId, driver_id: driver.id, start_time: start, end_time: new Date(Date.parse(start) + 3_600_000) })))
      .execute();
    const day = (date: string) => listShiftHistory(db, ownerId, { driverId: driver.id, startDate: date, endDate: date }, 'America/Santiago', { limit: 100, offset: 0 });
    expect((await day('2026-04-04')).shifts.map((s) => s.start_time)).toEqual(['2026-04-05T03:30:00.000Z', '2026-04-05T02:30:00.000Z']);
    expect((await day('2026-04-05')).shifts.map((s) => s.start_time)).toEqual(['2026-04-05T04:30:00.000Z']);
  });

  it('history pages and export batches: every shift once, newest first, the fleet’s own only', async () => {
    const fleetShifts = async (owner: number) =>
      (await db.selectFrom('shifts').select(['id', 'start_time']).where('owner_id', '=', owner).orderBy('start_time', 'desc').orderBy('id', 'desc').execute()).map((s) => s.id);
    const want = await fleetShifts(ownerId);
    expect(want.length).toBeGreaterThan(50);
    const paged: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await listShiftHistory(db, ownerId, {}, 'America/Santiago', { limit: 40, offset });
      expect(page.total).toBe(want.length);
      paged.push(...page.shifts.map((s) => s.id));
      offset = page.nextOffset;
    }
    expect(paged).toEqual(want);
    const exported: number[] = [];
    for await (const batch of historyBatches(db, ownerId, {}, 'America/Santiago', 37)) {
      expect(batch.length).toBeLessThanOrEqual(37);
      exported.push(...batch.map((s) => s.id));
    }
    expect(exported).toEqual(want);
    const vehicle = await db.selectFrom('shifts').select('vehicle_id').where('owner_id', '=', ownerId).where('vehicle_id', 'is not', null).executeTakeFirstOrThrow();
    const byVehicle = await listShiftHistory(db, ownerId, { vehicleId: vehicle.vehicle_id as number }, 'America/Santiago', { limit: 500, offset: 0 });
    expect(byVehicle.shifts.length).toBeGreaterThan(0);
    expect(byVehicle.shifts.every((s) => s.vehicle_id === vehicle.vehicle_id)).toBe(true);
    // Another owner's vehicle id selects nothing.
    const other = await createSecondOwner(db);
    expect((await listShiftHistory(db, other.ownerId, { vehicleId: vehicle.vehicle_id as number }, 'America/Santiago', { limit: 500, offset: 0 })).total).toBe(0);
    expect((await listShiftHistory(db, ownerId, { vehicleId: other.vehicleId }, 'America/Santiago', { limit: 500, offset: 0 })).total).toBe(0);
    expect(await fleetShifts(other.ownerId)).toHaveLength(1);
    expect(await fleetShifts(ownerId)).toEqual(want);
  });

  it('a transaction rolls back on PostgreSQL too', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('owners').set({ company_name: 'X' }).where('id', '=', ownerId).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const owner = await db.selectFrom('owners').select('company_name').where('id', '=', ownerId).executeTakeFirstOrThrow();
    expect(owner.company_name).toBe('Taxis La Ligua');
  });

  it('moves a vehicle between drivers in a transaction, maps unique violations, and soft-deletes', async () => {
    const columns = { first_name: 'Prueba', last_name: 'Postgres', email: null, phone: null, license_number: null, license_expiry: '2027-01-31' };
    const { a, b, vehicleId } = await db.transaction().execute(async (trx) => {
      const vehicleId = await insertVehicle(trx, ownerId, { plate_number: 'PG1234', model: null, color: null, year: 2020 });
      expect(await lockVehicle(trx, ownerId, vehicleId)).toEqual({ id: vehicleId, plate_number: 'PG1234' });
      const a = await insertDriver(trx, ownerId, { ...columns, rut: '300000010', passwordHash: 'x' });
      await assignVehicle(trx, ownerId, a, vehicleId);
      const b = await insertDriver(trx, ownerId, { ...columns, rut: '300000029', passwordHash: 'x' });
      await assignVehicle(trx, ownerId, b, vehicleId);
      return { a, b, vehicleId };
    });
    const drivers = await listDrivers(db, ownerId);
    expect(drivers.find((d) => d.id === a)).toMatchObject({ plate_number: null, license_expiry: '2027-01-31' });
    expect(drivers.find((d) => d.id === b)?.plate_number).toBe('PG1234');
    expect((await listVehicles(db, ownerId)).find((v) => v.id === vehicleId)?.driver_id).toBe(b);

    const duplicate = await insertVehicle(db, ownerId, { plate_number: 'PG1234', model: null, color: null, year: null }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, 'vehicles_owner_plate_live_uq')).toBe(true);

    expect(await inActiveShift(db, ownerId, { driverId: b })).toBe(false);
    await db.transaction().execute(async (trx) => {
      expect(await lockDriver(trx, ownerId, b)).toBe(true);
      await softDeleteDriver(trx, ownerId, b);
      await softDeleteVehicle(trx, ownerId, vehicleId);
    });
    expect(await lockVehicle(db, ownerId, vehicleId)).toBeNull();
    expect(await insertVehicle(db, ownerId, { plate_number: 'PG1234', model: null, color: null, year: null })).toEqual(expect.any(Number));
  });
});
