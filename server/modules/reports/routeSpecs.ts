/**
 * The reports module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { EVERY_DESK_ROLE } from '../../../contract/roles';
import { shiftSummaryResponseSchema } from '../../../contract/reports';
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
};
