/**
 * Every shift start and end — the driver's buttons, the desk's "Terminar turno", a tracker's first
 * point, a tracker gone quiet — goes through here, and this is the one place that announces them
 * (shift_started, shift_ended). Writes go through driverShiftsRepo (which tells the driver cache).
 * Domain outcomes, never HTTP: each route maps them to its protocol.
 *
 * Trackers (docs/api.md, "Shifts without buttons"): the first point of a driver with no active
 * shift starts one with the driver's assigned vehicle when it can drive now (else none, "Sin
 * vehículo"), timed at that point (never later than now); such a shift ends after
 * SHIFT_IDLE_END_MINUTES without points, at its last point's time.
 */
import type { Kysely } from 'kysely';
import type { Shift } from '../../../contract/entities';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import type { Database, ShiftStarter } from '../../platform/db/schema';
import type { DomainEventBus } from '../../platform/domainEvents';
import type { Publish } from '../../platform/realtime/publisher';
import {
  DRIVER_ACTIVE_SHIFT_INDEX,
  VEHICLE_ACTIVE_SHIFT_INDEX,
  endShift,
  findActiveShiftOfDriver,
  findIdleTrackerShifts,
  findOwnVehicle,
  insertShift,
  vehicleInActiveShift,
} from './driverShiftsRepo';
import { createShiftEvents } from './events';

export interface ShiftDriver {
  id: number;
  ownerId: number;
  currentVehicleId: number | null;
}

export type StartOutcome =
  | { outcome: 'started'; shift: Shift }
  | { outcome: 'refused'; reason: 'alreadyOnShift' | 'noVehicle' | 'vehicleNotFound' | 'vehicleInactive' | 'vehicleBusy' };

/** Idle tracker shifts ended per query; a backlog drains over the next rounds. */
const IDLE_BATCH = 200;

export function createShiftService({ db, publish, events: bus }: { db: Kysely<Database>; publish: Publish; events: DomainEventBus }) {
  const events = createShiftEvents(publish, bus);

  /** Inserts and announces; the unique indexes decide races between two starts. */
  async function start(driver: ShiftDriver, vehicleId: number | null, startTime: Date, startedBy: ShiftStarter): Promise<StartOutcome> {
    try {
      const shift = await insertShift(db, { ownerId: driver.ownerId, driverId: driver.id, vehicleId, startTime, startedBy });
      events.started(driver.ownerId, shift);
      return { outcome: 'started', shift };
    } catch (error) {
      if (isUniqueViolation(error, DRIVER_ACTIVE_SHIFT_INDEX)) return { outcome: 'refused', reason: 'alreadyOnShift' };
      if (isUniqueViolation(error, VEHICLE_ACTIVE_SHIFT_INDEX)) return { outcome: 'refused', reason: 'vehicleBusy' };
      throw error;
    }
  }

  /** Ends the shift if still active and announces it (shift_ended, shiftEnded); null when it had already ended. */
  async function end(ownerId: number, shiftId: number, endTime: Date): Promise<Shift | null> {
    const shift = await endShift(db, ownerId, shiftId, endTime);
    if (!shift?.end_time || shift.duration_seconds === null) return null;
    events.ended(ownerId, { ...shift, end_time: shift.end_time, duration_seconds: shift.duration_seconds });
    return shift;
  }

  return {
    end,

    /** "Iniciar turno": with the requested vehicle, or the driver's assigned one. */
    async startByDriver(driver: ShiftDriver, requestedVehicleId: number | null | undefined): Promise<StartOutcome> {
      if (await findActiveShiftOfDriver(db, driver.id)) return { outcome: 'refused', reason: 'alreadyOnShift' };
      const vehicleId = requestedVehicleId ?? driver.currentVehicleId;
      if (vehicleId === null) return { outcome: 'refused', reason: 'noVehicle' };
      const vehicle = await findOwnVehicle(db, driver.ownerId, vehicleId);
      if (!vehicle) return { outcome: 'refused', reason: 'vehicleNotFound' };
      if (!vehicle.isActive) return { outcome: 'refused', reason: 'vehicleInactive' };
      if (await vehicleInActiveShift(db, vehicle.id)) return { outcome: 'refused', reason: 'vehicleBusy' };
      return start(driver, vehicle.id, new Date(), 'driver');
    },

    /** "Terminar turno": null when the driver has no active shift. */
    async endByDriver(driver: ShiftDriver): Promise<Shift | null> {
      const active = await findActiveShiftOfDriver(db, driver.id);
      return active ? end(driver.ownerId, active.id, new Date()) : null;
    },

    /** A tracker's first point: a shift timed at it. Another request of the same phone winning the race is fine. */
    async startByTracker(driver: ShiftDriver, firstPoint: Date, now = new Date()): Promise<void> {
      const startTime = firstPoint < now ? firstPoint : now;
      let vehicleId: number | null = null;
      if (driver.currentVehicleId !== null) {
        const vehicle = await findOwnVehicle(db, driver.ownerId, driver.currentVehicleId);
        if (vehicle?.isActive && !(await vehicleInActiveShift(db, vehicle.id))) vehicleId = vehicle.id;
      }
      const first = await start(driver, vehicleId, startTime, 'tracker');
      // The vehicle went into someone's shift meanwhile: keep the points, without the vehicle.
      if (first.outcome === 'refused' && first.reason === 'vehicleBusy') await start(driver, null, startTime, 'tracker');
    },

    /** Ends trackers' shifts quiet for `idleMinutes`, at their last point's time; how many it ended. */
    async endIdleTrackerShifts(idleMinutes: number, now = new Date()): Promise<number> {
      const idle = await findIdleTrackerShifts(db, new Date(now.getTime() - idleMinutes * 60_000), IDLE_BATCH);
      let ended = 0;
      for (const { id, ownerId, lastSeen } of idle) if (await end(ownerId, id, lastSeen)) ended += 1;
      return ended;
    },
  };
}

export type ShiftService = ReturnType<typeof createShiftService>;
