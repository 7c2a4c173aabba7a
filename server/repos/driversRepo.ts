/** Drivers of one owner. Every query is scoped by owner_id; deleted drivers are hidden. */
import type { Kysely } from 'kysely';
import type { Driver } from '../../contract/entities';
import type { Database } from '../db/schema';

/** The list/detail query with the assigned vehicle's plate joined. */
export function driversQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('drivers as d')
    .leftJoin('vehicles as v', (join) =>
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
    ]);
}

export async function listDrivers(db: Kysely<Database>, ownerId: number): Promise<Driver[]> {
  return driversQuery(db, ownerId).orderBy('d.last_name').orderBy('d.first_name').orderBy('d.id').execute();
}

export async function findDriver(db: Kysely<Database>, ownerId: number, id: number): Promise<Driver | null> {
  return (await driversQuery(db, ownerId).where('d.id', '=', id).executeTakeFirst()) ?? null;
}
