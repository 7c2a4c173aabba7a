/**
 * Where was every taxi of a fleet at a time (issue 21, "where was everyone at 16:00 last Tuesday"):
 * each shift of the owner that overlaps [at − window, at], with its last point at or before `at`,
 * when that point is inside the window. A shift whose last point is older than the window (the
 * phone went quiet) shows nowhere rather than at a stale place.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TrailPoint } from './readTrail';
import { readPointAt } from './readPointAt';
import { vehicleRows } from '../vehicles';
import { driverRows } from '../drivers';
import { shiftRows } from '../shifts';

export interface ShiftPositionAt {
  shiftId: number;
  driverId: number;
  driverName: string;
  plateNumber: string | null;
  point: TrailPoint;
}

/**
 * A shift that lasted longer than this is found through its own small index; a shorter one through
 * its start, which then lies in [from − LONG_SHIFT, at]. Both searches touch only the shifts near
 * `at`, however many years of shifts the fleet has (issue 22: reads stay flat as history grows).
 */
const LONG_SHIFT = sql`interval '24 hours'`;

/** The owner's shifts that overlap [from, at]: open ones, short ones started near `at`, and the rare long ones. */
function shiftsOverlapping(db: Kysely<Database>, ownerId: number, from: Date, at: Date) {
  // A shift of at most a day that ends at or after `from` started at or after from − 24 h.
  const near = new Date(from.getTime() - 24 * 3_600_000);
  return db
    .selectFrom(shiftRows(db).as('shifts'))
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('end_time', 'is', null)
    .where('start_time', '<=', at)
    .union(
      db.selectFrom(shiftRows(db).as('shifts')).select('id')
        .where('owner_id', '=', ownerId)
        .where('start_time', '>=', near)
        .where('start_time', '<=', at)
        .where('end_time', '>=', from),
    )
    .union(
      db.selectFrom(shiftRows(db).as('shifts')).select('id')
        .where('owner_id', '=', ownerId)
        .where(sql<boolean>`end_time - start_time > ${LONG_SHIFT}`)
        .where('start_time', '<=', at)
        .where('end_time', '>=', from),
    );
}

export async function positionsAt(db: Kysely<Database>, ownerId: number, at: Date, windowMs: number): Promise<ShiftPositionAt[]> {
  const from = new Date(at.getTime() - windowMs);
  const shifts = await db
    .with('overlapping', () => shiftsOverlapping(db, ownerId, from, at))
    .selectFrom(shiftRows(db).as('shifts'))
    .innerJoin('overlapping', 'overlapping.id', 'shifts.id')
    .innerJoin(driverRows(db).as('drivers'), 'drivers.id', 'shifts.driver_id')
    .leftJoin(vehicleRows(db).as('vehicles'), 'vehicles.id', 'shifts.vehicle_id')
    .select(['shifts.id', 'shifts.driver_id', 'drivers.first_name', 'drivers.last_name', 'vehicles.plate_number'])
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
