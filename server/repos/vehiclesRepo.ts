/** Vehicles of one owner, with the driver assigned to each. Scoped by owner_id; deleted ones hidden. */
import type { Kysely } from 'kysely';
import type { Vehicle } from '../../contract/entities';
import type { Database } from '../db/schema';

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
