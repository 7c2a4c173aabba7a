/**
 * Where was every taxi of a fleet at a time (issue 21, "where was everyone at 16:00 last Tuesday"):
 * each shift of the owner that overlaps [at − window, at], with its last point at or before `at`,
 * when that point is inside the window. A shift whose last point is older than the window (the
 * phone went quiet) shows nowhere rather than at a stale place.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TrailPoint } from './readTrail';
import { readPointAt } from './readPointAt';

export interface ShiftPositionAt {
  shiftId: number;
  driverId: number;
  driverName: string;
  plateNumber: string | null;
  point: TrailPoint;
}

export async function positionsAt(db: Kysely<Database>, ownerId: number, at: Date, windowMs: number): Promise<ShiftPositionAt[]> {
  const from = new Date(at.getTime() - windowMs);
  const shifts = await db
    .selectFrom('shifts')
    .innerJoin('drivers', 'drivers.id', 'shifts.driver_id')
    .leftJoin('vehicles', 'vehicles.id', 'shifts.vehicle_id')
    .select(['shifts.id', 'shifts.driver_id', 'drivers.first_name', 'drivers.last_name', 'vehicles.plate_number'])
    .where('shifts.owner_id', '=', ownerId)
    .where('shifts.start_time', '<=', at)
    .where((eb) => eb.or([eb('shifts.end_time', 'is', null), eb('shifts.end_time', '>=', from)]))
    .orderBy('drivers.last_name')
    .orderBy('drivers.first_name')
    .orderBy('shifts.id')
    .execute();
  const found: ShiftPositionAt[] = [];
  // One index probe per shift, one after another: the embedded database has one connection anyway.
  for (const shift of shifts) {
    const point = await readPointAt(db, shift.id, at);
    if (!point || point.time < from.getTime()) continue;
    found.push({
      shiftId: shift.id,
      driverId: shift.driver_id,
      driverName: `${shift.first_name} ${shift.last_name}`.trim(),
      plateNumber: shift.plate_number,
      point,
    });
  }
  return found;
}
