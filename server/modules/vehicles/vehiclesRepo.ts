/** Vehicles of one owner, with the driver assigned to each. Scoped by owner_id; deleted ones hidden. */
import { sql, type Kysely } from 'kysely';
import type { Vehicle } from '../../../contract/entities';
import type { Database } from '../../platform/db/schema';

export function vehiclesQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('vehicles as v')
    .leftJoin('drivers as d', (join) =>
      join
        .onRef('d.current_vehicle_id', '=', 'v.id')
        .on('d.deleted_at', 'is', null)
        .onRef('d.owner_id', '=', 'v.owner_id'),
    )
    .where('v.owner_id', '=', ownerId)
    .where('v.deleted_at', 'is', null)
    .select([
      'v.id',
      'v.plate_number',
      'v.model',
      'v.color',
      'v.year',
      'v.is_active',
      'd.id as driver_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
    ]);
}

export async function listVehicles(db: Kysely<Database>, ownerId: number): Promise<Vehicle[]> {
  return vehiclesQuery(db, ownerId).orderBy('v.plate_number').orderBy('v.id').execute();
}

export async function findVehicle(db: Kysely<Database>, ownerId: number, id: number): Promise<Vehicle | null> {
  return (await vehiclesQuery(db, ownerId).where('v.id', '=', id).executeTakeFirst()) ?? null;
}

/** The editable columns of a vehicle (the plate is set once). */
export interface VehicleColumns {
  model: string | null;
  color: string | null;
  year: number | null;
}

export async function insertVehicle(db: Kysely<Database>, ownerId: number, vehicle: VehicleColumns & { plate_number: string }): Promise<number> {
  const row = await db
    .insertInto('vehicles')
    .values({ ...vehicle, owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVehicleColumns(db: Kysely<Database>, ownerId: number, id: number, changes: VehicleColumns): Promise<void> {
  await db
    .updateTable('vehicles')
    .set(changes)
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** A live vehicle's id and stored plate, row-locked until the transaction ends (PostgreSQL). */
export async function lockVehicle(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
): Promise<{ id: number; plate_number: string } | null> {
  const row = await db
    .selectFrom('vehicles')
    .select(['id', 'plate_number'])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Soft delete: the row stays for the shift history and its plate can be used again. */
export async function softDeleteVehicle(db: Kysely<Database>, ownerId: number, id: number): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ deleted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
}
