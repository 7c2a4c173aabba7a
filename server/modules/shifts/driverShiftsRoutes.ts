/**
 * A driver's own shift: POST /api/driver/shifts/start and /end, through the position module's
 * shift service (which tells the owner's live map: shift_started, shift_ended).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { type ShiftResponse } from '../../../contract/api';
import { signedInDriver } from '../identity';
import { driverActionLimit } from '../../platform/edge/driverActionLimit';
import { HttpError } from '../../platform/errors';
import type { ShiftService, StartOutcome } from './shiftService';
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
  shifts: Pick<ShiftService, 'startByDriver' | 'endByDriver'>;
  authenticateDriver: preHandlerAsyncHookHandler;
  /** DRIVER_ACTIONS_PER_MINUTE: starts and ends one driver may ask a minute (429 beyond it). */
  actionsPerMinute: number;
}

/** The shift service's refusals as the driver API has always answered them. */
const refusals: Record<Exclude<StartOutcome, { outcome: 'started' }>['reason'], HttpError> = {
  alreadyOnShift: new HttpError(409, DriverShiftMessages.alreadyOnShift),
  vehicleBusy: new HttpError(409, DriverShiftMessages.vehicleBusy),
  noVehicle: new HttpError(400, DriverShiftMessages.noVehicle, { vehicle_id: DriverShiftMessages.noVehicle }),
  vehicleNotFound: new HttpError(400, DriverShiftMessages.vehicleNotFound, { vehicle_id: DriverShiftMessages.vehicleNotFound }),
  vehicleInactive: new HttpError(400, DriverShiftMessages.vehicleInactive, { vehicle_id: DriverShiftMessages.vehicleInactive }),
};

export const driverShiftsRoutes: FastifyPluginAsyncZod<DriverRoutesOptions> = async (app, { shifts, authenticateDriver, actionsPerMinute }) => {
  app.addHook('preValidation', authenticateDriver);
  app.addHook('preValidation', driverActionLimit(app, actionsPerMinute, (request) => signedInDriver(request).id));

  app.post('/driver/shifts/start', routeSpecs.startShift, async (request): Promise<ShiftResponse> => {
    const driver = signedInDriver(request);
    const body = request.body;
    const result = await shifts.startByDriver(driver, body.vehicle_id);
    if (result.outcome === 'refused') throw refusals[result.reason];
    return { shift: result.shift };
  });

  app.post('/driver/shifts/end', routeSpecs.endShift, async (request): Promise<ShiftResponse> => {
    const shift = await shifts.endByDriver(signedInDriver(request));
    if (!shift) throw new HttpError(409, DriverShiftMessages.noActiveShift);
    return { shift };
  });
};
