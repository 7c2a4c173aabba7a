/**
 * The reports module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { EVERY_DESK_ROLE } from '../../../contract/roles';
import { shiftSummaryResponseSchema } from '../../../contract/reports';
import { positionsAtQuerySchema, positionsAtResponseSchema, shiftReplaySchema } from '../../../contract/replay';
import { Tags, owner, idParams, errors } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';

export const routeSpecs = {
  // GET /api/shifts/:id/summary
  shiftSummary: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Resumen de un turno: kilómetros, tiempo en movimiento y detenido, viajes y paradas',
    description:
      'Detectados desde los puntos del turno tras descartar saltos del GPS (más de 200 km/h desde sus vecinos, o precisión peor que 100 m). Parada: 300 s o más dentro de 50 m, o más de una hora sin datos (`data_gap`); viaje: 500 m y 300 s o más entre paradas. Un turno terminado trae el resumen guardado (`final: true`); uno activo, el calculado ahora.',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: shiftSummaryResponseSchema, ...errors(401, 404) },
  }),
  // GET /api/shifts/:id/replay
  shiftReplay: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Recorrido completo de un turno para reproducirlo',
    description:
      'Todos los puntos del turno, el más antiguo primero, como columnas paralelas: `offsets_ms` (milisegundos desde `start_ms`), `latitudes`, `longitudes`, `speeds_kmh` (la del teléfono o, si no la envió, la implícita por el avance de los últimos diez segundos). Los saltos del GPS (los del resumen) no se envían.',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: shiftReplaySchema, ...errors(401, 404) },
  }),
  // GET /api/positions/at
  positionsAt: routeSpec(EVERY_DESK_ROLE, {
    summary: '¿Dónde estaba cada taxi a una hora?',
    description:
      'Para cada turno de la flota que se cruza con [`time` − `window_minutes`, `time`], su último punto en o antes de `time`, si está dentro de la ventana (30 minutos si falta, hasta 1440).',
    tags: [Tags.shifts],
    security: owner,
    querystring: positionsAtQuerySchema,
    response: { 200: positionsAtResponseSchema, ...errors(400, 401) },
  }),
};
