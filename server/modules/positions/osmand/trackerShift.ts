/**
 * Shifts without buttons: a tracker cannot press "Iniciar turno". The rules (docs/api.md, "Shifts
 * without buttons"):
 *
 * - The first valid point of a driver with no active shift starts one, with the driver's assigned
 *   vehicle, timed at that point (never later than now), so the point itself belongs to it.
 * - No usable vehicle (none assigned, inactive, or already in another active shift): the shift
 *   starts without one. Its points are kept; the owner sees it as "Sin vehículo".
 * - A shift a tracker started ends after SHIFT_IDLE_END_MINUTES without points (idleShiftSweep.ts),
 *   at its last point's time. A shift started with Iniciar turno ends only with Terminar turno.
 *
 * Starts go through insertShift (the repo function the driver routes use), so whatever cache the
 * ingest pipeline keeps hears about them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import type { RealtimePublisher } from '../../../platform/realtime/publisher';
import type { DeviceDriver } from '../../drivers';
import { DRIVER_ACTIVE_SHIFT_INDEX, VEHICLE_ACTIVE_SHIFT_INDEX, findActiveShiftOfDriver, findOwnVehicle, insertShift, vehicleInActiveShift } from '../../shifts';

export interface TrackerShiftDeps {
  db: Kysely<Database>;
  publisher: RealtimePublisher;
}

/** The driver's assigned vehicle when it can drive a shift now, else null. */
async function usableVehicle(db: Kysely<Database>, driver: DeviceDriver): Promise<number | null> {
  if (driver.currentVehicleId === null) return null;
  const vehicle = await findOwnVehicle(db, driver.ownerId, driver.currentVehicleId);
  if (!vehicle?.isActive || (await vehicleInActiveShift(db, vehicle.id))) return null;
  return vehicle.id;
}

/** Makes sure the driver has an active shift before its points go in; starts one when needed. */
export async function ensureTrackerShift({ db, publisher }: TrackerShiftDeps, driver: DeviceDriver, firstPoint: Date, now = new Date()): Promise<void> {
  if (await findActiveShiftOfDriver(db, driver.id)) return;
  const startTime = firstPoint < now ? firstPoint : now;
  let vehicleId = await usableVehicle(db, driver);
  for (;;) {
    try {
      const shift = await insertShift(db, { ownerId: driver.ownerId, driverId: driver.id, vehicleId, startTime, startedBy: 'tracker' });
      publisher.publishShiftStarted(driver.ownerId, shift);
      return;
    } catch (error) {
      // Two requests of the same phone racing: the other one started it, which is what we want.
      if (isUniqueViolation(error, DRIVER_ACTIVE_SHIFT_INDEX)) return;
      // The vehicle went into someone's shift meanwhile: keep the points, without the vehicle.
      if (vehicleId !== null && isUniqueViolation(error, VEHICLE_ACTIVE_SHIFT_INDEX)) {
        vehicleId = null;
        continue;
      }
      throw error;
    }
  }
}
