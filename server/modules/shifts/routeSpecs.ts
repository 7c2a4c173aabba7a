/**
 * The shifts module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { activeShiftsResponseSchema, driverMeResponseSchema, historyQuerySchema, historyResponseSchema, shiftResponseSchema, shiftStartSchema } from '../../../contract/api';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { Tags, owner, driver, idParams, errors } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';

export const routeSpecs = {
  // POST /api/shifts/:id/end
  endShiftByHand: routeSpec(FLEET_MANAGERS, {
    summary: 'Terminar a mano el turno activo de un conductor',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: shiftResponseSchema, ...errors(401, 403, 404, 409) },
  }),
  // GET /api/shifts/active
  activeShifts: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Turnos activos (contador del panel y foto inicial del mapa)',
    tags: [Tags.shifts],
    security: owner,
    response: { 200: activeShiftsResponseSchema, ...errors(401) },
  }),
  // GET /api/driver/me
  driverMe: routeSpec(DRIVER, {
    summary: 'El conductor de la sesión y su turno activo',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: driverMeResponseSchema, ...errors(401) },
  }),
  // GET /api/shifts/history
  shiftHistory: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Historial de turnos',
    description: 'Los más recientes primero, a lo más 1.000; `total` dice cuántos coinciden y `limited` si se cortó la respuesta. Fechas YYYY-MM-DD en la zona horaria de la flota, inclusivas.',
    tags: [Tags.shifts],
    security: owner,
    querystring: historyQuerySchema,
    response: {
      200: historyResponseSchema,
      ...errors(400, 401),
    },
  }),
  // POST /api/driver/shifts/start
  startShift: routeSpec(DRIVER, {
    summary: 'Comenzar un turno',
    description: 'Sin `vehicle_id`, en el vehículo asignado al conductor.',
    tags: [Tags.driverApp],
    security: driver,
    body: shiftStartSchema,
    response: { 200: shiftResponseSchema, ...errors(400, 401, 409) },
  }),
  // POST /api/driver/shifts/end
  endShift: routeSpec(DRIVER, {
    summary: 'Terminar el turno activo',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: shiftResponseSchema, ...errors(401, 409) },
  }),
};
