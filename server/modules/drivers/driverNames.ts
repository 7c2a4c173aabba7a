/** Drivers as other modules need them: who they are (names, RUT), and which still work (the small view types of the drivers' door). */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface DriverName {
  id: number;
  first_name: string;
  last_name: string;
  rut: string;
}

/** The fleet's drivers' names; `live`: only those not deleted. */
export async function driverNames(db: Kysely<Database>, ownerId: number, options: { live?: boolean; ids?: readonly number[] } = {}): Promise<DriverName[]> {
  let query = db.selectFrom('drivers').select(['id', 'first_name', 'last_name', 'rut']).where('owner_id', '=', ownerId);
  if (options.live) query = query.where('deleted_at', 'is', null);
  if (options.ids) query = query.where('id', 'in', options.ids.length ? [...options.ids] : [0]);
  return query.execute();
}

/** Of these drivers, the ones still working (not deleted, active). */
export async function workingDriverIds(db: Kysely<Database>, ownerId: number, driverIds: readonly number[]): Promise<Set<number>> {
  if (!driverIds.length) return new Set();
  const rows = await db.selectFrom('drivers').select('id').where('owner_id', '=', ownerId).where('id', 'in', [...driverIds]).where('deleted_at', 'is', null).where('is_active', '=', true).execute();
  return new Set(rows.map((row) => row.id));
}
