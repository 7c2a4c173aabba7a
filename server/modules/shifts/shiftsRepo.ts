/**
 * Shifts of one owner, with driver and vehicle joined. Deleted drivers and vehicles still show in
 * shifts (soft delete keeps history). Times leave this module as ISO strings.
 */
import type { Kysely } from 'kysely';
import type { Shift } from '../../../contract/entities';
import type { Database } from '../../platform/db/schema';

export function shiftsQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('drivers as d', 'd.id', 's.driver_id')
    .leftJoin('vehicles as v', 'v.id', 's.vehicle_id')
    .where('s.owner_id', '=', ownerId)
    .select([
      's.id',
      's.driver_id',
      's.vehicle_id',
      'd.first_name',
      'd.last_name',
      'd.rut',
      'v.plate_number',
      's.start_time',
      's.end_time',
      's.latitude',
      's.longitude',
      's.last_location_time',
    ]);
}

export type ShiftRow = Awaited<ReturnType<ReturnType<typeof shiftsQuery>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toShift(row: ShiftRow): Shift {
  const start = new Date(row.start_time);
  const end = row.end_time === null ? null : new Date(row.end_time);
  return {
    ...row,
    start_time: start.toISOString(),
    end_time: end ? end.toISOString() : null,
    duration_seconds: end ? Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000)) : null,
    is_active: end === null,
    last_location_time: iso(row.last_location_time),
  };
}

export async function listActiveShifts(db: Kysely<Database>, ownerId: number): Promise<Shift[]> {
  const rows = await shiftsQuery(db, ownerId)
    .where('s.end_time', 'is', null)
    .orderBy('s.start_time')
    .orderBy('s.id')
    .execute();
  return rows.map(toShift);
}

/** True when the driver, or the vehicle, is in a shift that has not ended. */
export async function inActiveShift(db: Kysely<Database>, ownerId: number, who: { driverId: number } | { vehicleId: number }): Promise<boolean> {
  const query = db.selectFrom('shifts').select('id').where('owner_id', '=', ownerId).where('end_time', 'is', null);
  const row = await ('driverId' in who ? query.where('driver_id', '=', who.driverId) : query.where('vehicle_id', '=', who.vehicleId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
