/** Who an alert is about: a shift's driver (name, phone) and taxi (plate), or a driver's current ones. */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

export interface TaxiInfo {
  ownerId: number;
  shiftId: number | null;
  driver: { id: number; name: string; phone: string | null };
  vehicle: { id: number; plate: string } | null;
}

/** A shift's taxi; undefined for a shift that is gone. */
export async function taxiOfShift(db: Kysely<Database>, shiftId: number): Promise<TaxiInfo | undefined> {
  const row = await db
    .selectFrom(shiftRows(db).as('s'))
    .innerJoin(driverRows(db).as('d'), 'd.id', 's.driver_id')
    .leftJoin(vehicleRows(db).as('v'), 'v.id', 's.vehicle_id')
    .select(['s.owner_id', 's.id as shift_id', 'd.id as driver_id', 'd.first_name', 'd.last_name', 'd.phone', 'v.id as vehicle_id', 'v.plate_number'])
    .where('s.id', '=', shiftId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ownerId: row.owner_id,
    shiftId: row.shift_id,
    driver: { id: row.driver_id, name: `${row.first_name} ${row.last_name}`.trim(), phone: row.phone },
    vehicle: row.vehicle_id !== null ? { id: row.vehicle_id, plate: row.plate_number ?? '' } : null,
  };
}

/** A driver's taxi now: the active shift's, else the assigned vehicle. */
export async function taxiOfDriver(db: Kysely<Database>, ownerId: number, driverId: number): Promise<TaxiInfo | undefined> {
  const active = await db.selectFrom(shiftRows(db).as('shifts')).select('id').where('driver_id', '=', driverId).where('owner_id', '=', ownerId).where('end_time', 'is', null).executeTakeFirst();
  if (active) return taxiOfShift(db, active.id);
  const row = await db
    .selectFrom(driverRows(db).as('d'))
    .leftJoin(vehicleRows(db).as('v'), 'v.id', 'd.current_vehicle_id')
    .select(['d.id', 'd.first_name', 'd.last_name', 'd.phone', 'v.id as vehicle_id', 'v.plate_number'])
    .where('d.id', '=', driverId)
    .where('d.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ownerId,
    shiftId: null,
    driver: { id: row.id, name: `${row.first_name} ${row.last_name}`.trim(), phone: row.phone },
    vehicle: row.vehicle_id !== null ? { id: row.vehicle_id, plate: row.plate_number ?? '' } : null,
  };
}

/** How a taxi is named in an alert's title: its plate, or its driver when it has no vehicle. */
export const taxiLabel = (taxi: TaxiInfo) => taxi.vehicle?.plate || taxi.driver.name;
