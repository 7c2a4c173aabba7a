/** A shift's availability (no row: Libre, the state every shift starts in). */
import { sql } from 'kysely';
import type { Availability } from '../../../contract/dispatch';
import type { Db } from './bookingsRepo';
import { shiftRows } from '../shifts';

export async function setAvailability(db: Db, ownerId: number, shiftId: number, availability: Availability): Promise<void> {
  await db
    .insertInto('shift_availability')
    .values({ shift_id: shiftId, owner_id: ownerId, availability })
    .onConflict((oc) => oc.column('shift_id').doUpdateSet({ availability, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function availabilityOf(db: Db, shiftId: number): Promise<Availability> {
  const row = await db.selectFrom('shift_availability').select('availability').where('shift_id', '=', shiftId).executeTakeFirst();
  return (row?.availability as Availability | undefined) ?? 'libre';
}

/** Every active shift of the fleet and its availability (for the live map). */
export async function listAvailability(db: Db, ownerId: number) {
  const rows = await db
    .selectFrom(shiftRows(db).as('s'))
    .leftJoin('shift_availability as a', 'a.shift_id', 's.id')
    .select(['s.id as shift_id', 's.driver_id', 's.vehicle_id', 'a.availability'])
    .where('s.owner_id', '=', ownerId)
    .where('s.end_time', 'is', null)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({ shift_id: row.shift_id, driver_id: row.driver_id, vehicle_id: row.vehicle_id, availability: (row.availability ?? 'libre') as Availability }));
}

/** A driver's active shift in a fleet, with its vehicle and availability; null when off shift. */
export async function activeShiftOf(db: Db, ownerId: number, driverId: number) {
  const row = await db
    .selectFrom(shiftRows(db).as('s'))
    .leftJoin('shift_availability as a', 'a.shift_id', 's.id')
    .select(['s.id', 's.vehicle_id', 'a.availability'])
    .where('s.owner_id', '=', ownerId)
    .where('s.driver_id', '=', driverId)
    .where('s.end_time', 'is', null)
    .executeTakeFirst();
  return row ? { shiftId: row.id, vehicleId: row.vehicle_id, availability: (row.availability ?? 'libre') as Availability } : null;
}

/** One shift's availability as the desks' map hears it (null: no such shift). */
export async function shiftAvailability(db: Db, shiftId: number) {
  const row = await db
    .selectFrom(shiftRows(db).as('s'))
    .leftJoin('shift_availability as a', 'a.shift_id', 's.id')
    .select(['s.id', 's.driver_id', 's.vehicle_id', 'a.availability'])
    .where('s.id', '=', shiftId)
    .executeTakeFirst();
  return row ? { shift_id: row.id, driver_id: row.driver_id, vehicle_id: row.vehicle_id, availability: (row.availability ?? 'libre') as Availability } : null;
}

/** Every active shift's last stored position (the taxi grid's seed at start). */
export async function activeShiftPositions(db: Db): Promise<{ shiftId: number; ownerId: number; latitude: number; longitude: number; time: number }[]> {
  const rows = await db
    .selectFrom(shiftRows(db).as('shifts'))
    .select(['id', 'owner_id', 'latitude', 'longitude', 'last_location_time'])
    .where('end_time', 'is', null)
    .where('latitude', 'is not', null)
    .execute();
  return rows.flatMap((row) =>
    row.latitude === null || row.longitude === null || !row.last_location_time
      ? []
      : [{ shiftId: row.id, ownerId: row.owner_id, latitude: row.latitude, longitude: row.longitude, time: row.last_location_time.getTime() }],
  );
}
