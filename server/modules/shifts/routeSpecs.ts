/**
 * The shifts module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { activeShiftsResponseSchema, driverMeResponseSchema, historyCsvResponseSchema, historyFilterSchema, historyQuerySchema, historyResponseSchema, shiftResponseSchema, shiftStartSchema } from '../../../contract/api';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { owner, driver, idParams, errors, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  shifts: { name: 'Turnos', description: 'Turnos activos, historial y recorridos.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

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
    summary: 'Historial de turnos, por páginas',
    description:
      'Los más recientes primero, una página a la vez: `limit` (1 a 500, 100 si falta) y `offset` (0 si falta). `count` son los turnos de esta página, `total` los que seleccionan los filtros, `next_offset` el `offset` de la página siguiente (null en la última); `limited` (= hay más páginas) queda por compatibilidad. Filtros: `driver_id`, `vehicle_id`, fechas YYYY-MM-DD en la zona horaria de la flota, inclusivas.',
    tags: [Tags.shifts],
    security: owner,
    querystring: blanksAsAbsent(historyQuerySchema),
    response: {
      200: historyResponseSchema,
      ...errors(400, 401),
    },
  }),
  // GET /api/shifts/history.csv
  shiftHistoryCsv: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Exportar el historial de turnos (CSV)',
    description:
      'Todos los turnos que seleccionan los filtros (los mismos del historial, sin páginas), los más recientes primero, como archivo CSV (`text/csv; charset=utf-8`, con BOM, separado por `;`, para Excel): Conductor;RUT;Vehículo;Inicio;Fin;Duración;Estado, fechas dd/mm/aaaa HH:mm en la zona horaria de la flota. Se envía a medida que se lee.',
    tags: [Tags.shifts],
    security: owner,
    querystring: blanksAsAbsent(historyFilterSchema),
    response: { 200: historyCsvResponseSchema, ...errors(400, 401) },
  }),
  // POST /api/driver/shifts/start
  startShift: routeSpec(DRIVER, {
    summary: 'Comenzar un turno',
    description: 'Sin `vehicle_id`, en el vehículo asignado al conductor.',
    tags: [Tags.driverApp],
    security: driver,
    body: shiftStartSchema,
    response: { 200: shiftResponseSchema, ...errors(400, 401, 409, 429) },
  }),
  // POST /api/driver/shifts/end
  endShift: routeSpec(DRIVER, {
    summary: 'Terminar el turno activo',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: shiftResponseSchema, ...errors(401, 409, 429) },
  }),
};
