/**
 * A driver's own shift: POST /api/driver/shifts/start and /end. Each change is told to the
 * owner's live map (shift_started, shift_ended).
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { shiftStartSchema, type ShiftResponse } from '../../../contract/api';
import { signedInDriver } from '../identity';
import type { Database } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import { HttpError, parseBody } from '../../platform/errors';
import type { RealtimePublisher } from '../../platform/realtime/publisher';
import {
  DRIVER_ACTIVE_SHIFT_INDEX,
  VEHICLE_ACTIVE_SHIFT_INDEX,
  endShift,
  findActiveShiftOfDriver,
  findOwnVehicle,
  insertShift,
  vehicleInActiveShift,
} from './driverShiftsRepo';
import { routeSpecs } from './routeSpecs';

export const DriverShiftMessages = {
  alreadyOnShift: 'Ya tienes un turno activo',
  noActiveShift: 'No tienes un turno activo',
  vehicleNotFound: 'Vehículo no encontrado',
  vehicleInactive: 'El vehículo no está disponible',
  noVehicle: 'No tienes un vehículo asignado: indica el vehículo del turno',
  vehicleBusy: 'El vehículo ya está en un turno activo',
} as const;

export interface DriverRoutesOptions {
  db: Kysely<Database>;
  authenticateDriver: preHandlerAsyncHookHandler;
  publisher: RealtimePublisher;
}

export const driverShiftsRoutes: FastifyPluginAsync<DriverRoutesOptions> = async (app, { db, authenticateDriver, publisher }) => {
  app.addHook('preHandler', authenticateDriver);

  app.post('/driver/shifts/start', routeSpecs.startShift, async (request): Promise<ShiftResponse> => {
    const driver = signedInDriver(request);
    const body = parseBody(shiftStartSchema, request.body);
    if (await findActiveShiftOfDriver(db, driver.id)) throw new HttpError(409, DriverShiftMessages.alreadyOnShift);

    const vehicleId = body.vehicle_id ?? driver.currentVehicleId;
    if (vehicleId === null) throw new HttpError(400, DriverShiftMessages.noVehicle, { vehicle_id: DriverShiftMessages.noVehicle });
    const vehicle = await findOwnVehicle(db, driver.ownerId, vehicleId);
    if (!vehicle) throw new HttpError(400, DriverShiftMessages.vehicleNotFound, { vehicle_id: DriverShiftMessages.vehicleNotFound });
    if (!vehicle.isActive) throw new HttpError(400, DriverShiftMessages.vehicleInactive, { vehicle_id: DriverShiftMessages.vehicleInactive });
    if (await vehicleInActiveShift(db, vehicle.id)) throw new HttpError(409, DriverShiftMessages.vehicleBusy);

    try {
      const shift = await insertShift(db, { ownerId: driver.ownerId, driverId: driver.id, vehicleId: vehicle.id, startTime: new Date() });
      publisher.publishShiftStarted(driver.ownerId, shift);
      return { shift };
    } catch (error) {
      // Two phones racing past the checks above: the unique indexes decide.
      if (isUniqueViolation(error, DRIVER_ACTIVE_SHIFT_INDEX)) throw new HttpError(409, DriverShiftMessages.alreadyOnShift);
      if (isUniqueViolation(error, VEHICLE_ACTIVE_SHIFT_INDEX)) throw new HttpError(409, DriverShiftMessages.vehicleBusy);
      throw error;
    }
  });

  app.post('/driver/shifts/end', routeSpecs.endShift, async (request): Promise<ShiftResponse> => {
    const driver = signedInDriver(request);
    const active = await findActiveShiftOfDriver(db, driver.id);
    const shift = active ? await endShift(db, driver.ownerId, active.id, new Date()) : null;
    if (!shift?.end_time || shift.duration_seconds === null) throw new HttpError(409, DriverShiftMessages.noActiveShift);
    publisher.publishShiftEnded(driver.ownerId, { shift_id: shift.id, end_time: shift.end_time, duration_seconds: shift.duration_seconds });
    return { shift };
  });
};
