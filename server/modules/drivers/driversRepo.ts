/** Drivers of one owner. Every query is scoped by owner_id; deleted drivers are hidden. */
import { sql, type Kysely } from 'kysely';
import type { Driver } from '../../../contract/entities';
import { storedRutBody } from '../../../contract/rut';
import type { Database, DriversTable } from '../../platform/db/schema';
import { driverChanged } from '../identity';
import { vehicleRows } from '../vehicles';

/** The list/detail query with the assigned vehicle's plate joined. */
export function driversQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('drivers as d')
    .leftJoin(vehicleRows(db).as('v'), (join) =>
      join.onRef('v.id', '=', 'd.current_vehicle_id').on('v.deleted_at', 'is', null),
    )
    .where('d.owner_id', '=', ownerId)
    .where('d.deleted_at', 'is', null)
    .select([
      'd.id',
      'd.rut',
      'd.first_name',
      'd.last_name',
      'd.email',
      'd.phone',
      'd.license_number',
      'd.license_expiry',
      'd.current_vehicle_id',
      'd.is_active',
      'v.plate_number',
      // Never d.device_id: the phone's credential has its own route (deviceIdsRepo.findDeviceId).
    ]);
}

export async function listDrivers(db: Kysely<Database>, ownerId: number): Promise<Driver[]> {
  return driversQuery(db, ownerId).orderBy('d.last_name').orderBy('d.first_name').orderBy('d.id').execute();
}

export async function findDriver(db: Kysely<Database>, ownerId: number, id: number): Promise<Driver | null> {
  return (await driversQuery(db, ownerId).where('d.id', '=', id).executeTakeFirst()) ?? null;
}

/** The editable columns of a driver (the RUT is set once; the password is stored hashed). */
export type DriverColumns = Pick<DriversTable, 'first_name' | 'last_name' | 'email' | 'phone' | 'license_number' | 'license_expiry'>;

/** Inserts a live driver without a vehicle (assignVehicle gives it one); returns its id. */
export async function insertDriver(
  db: Kysely<Database>,
  ownerId: number,
  driver: DriverColumns & { rut: string; passwordHash: string },
): Promise<number> {
  const { rut, passwordHash, ...columns } = driver;
  const row = await db
    .insertInto('drivers')
    .values({ ...columns, owner_id: ownerId, rut, rut_body: storedRutBody(rut), password_hash: passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a live driver's columns; the password hash only when given (omitted keeps the old one). */
export async function updateDriverColumns(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
  changes: DriverColumns & { passwordHash?: string },
): Promise<void> {
  const { passwordHash, ...columns } = changes;
  await db
    .updateTable('drivers')
    // A password reset ends the driver's existing tokens (token_version is in each token).
    .set(passwordHash === undefined ? columns : { ...columns, password_hash: passwordHash, token_version: sql<number>`token_version + 1` })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
  await driverChanged(db, [id]);
}

/** True when the owner has this live driver; its row stays locked until the transaction ends (PostgreSQL). */
export async function lockDriver(db: Kysely<Database>, ownerId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('drivers')
    .select('id')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the vehicle to this driver only: first the previous holder lets it go, then this driver
 * takes it (the unique index on live drivers' current_vehicle_id allows one holder). Null unassigns.
 * Run inside a transaction so nobody sees the vehicle without its new driver.
 */
export async function assignVehicle(db: Kysely<Database>, ownerId: number, driverId: number, vehicleId: number | null): Promise<void> {
  const changed = [driverId];
  if (vehicleId !== null) {
    const previous = await db
      .updateTable('drivers')
      .set({ current_vehicle_id: null })
      .where('owner_id', '=', ownerId)
      .where('current_vehicle_id', '=', vehicleId)
      .where('id', '<>', driverId)
      .returning('id')
      .execute();
    changed.push(...previous.map((row) => row.id));
  }
  await db
    .updateTable('drivers')
    .set({ current_vehicle_id: vehicleId })
    .where('id', '=', driverId)
    .where('owner_id', '=', ownerId)
    .execute();
  await driverChanged(db, changed);
}

/** Whoever holds the vehicle lets it go (the vehicle is being deleted). */
export async function unassignVehicle(db: Kysely<Database>, ownerId: number, vehicleId: number): Promise<void> {
  const holders = await db
    .updateTable('drivers')
    .set({ current_vehicle_id: null })
    .where('owner_id', '=', ownerId)
    .where('current_vehicle_id', '=', vehicleId)
    .returning('id')
    .execute();
  await driverChanged(
    db,
    holders.map((row) => row.id),
  );
}

/** Soft delete: the row stays for the shift history; its vehicle is freed and its RUT can be used again. */
export async function softDeleteDriver(db: Kysely<Database>, ownerId: number, id: number): Promise<void> {
  await db
    .updateTable('drivers')
    .set({ deleted_at: sql<Date>`now()`, current_vehicle_id: null, token_version: sql<number>`token_version + 1` })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
  await driverChanged(db, [id]);
}

/** Activates or deactivates a live driver; deactivation ends the driver's tokens at once. */
export async function setDriverActive(db: Kysely<Database>, ownerId: number, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('drivers')
    .set(active ? { is_active: true } : { is_active: false, token_version: sql<number>`token_version + 1` })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
  await driverChanged(db, [id]);
}

/** The licence as the current licence document says (documents keeps the two in step); a document without a number keeps the stored one. */
export async function setLicence(db: Kysely<Database>, ownerId: number, driverId: number, licence: { expiresOn: string; number: string | null }): Promise<void> {
  await db
    .updateTable('drivers')
    .set((eb) => ({ license_expiry: licence.expiresOn, license_number: licence.number ?? eb.ref('license_number') }))
    .where('owner_id', '=', ownerId)
    .where('id', '=', driverId)
    .execute();
}
