/**
 * The reports module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { EVERY_DESK_ROLE, REPORT_READERS } from '../../../contract/roles';
import {
  reportDailyResponseSchema,
  reportQuerySchema,
  reportResponseSchema,
  reportShiftsResponseSchema,
  shiftSummaryResponseSchema,
} from '../../../contract/reports';
import { positionsAtQuerySchema, positionsAtResponseSchema, shiftReplaySchema } from '../../../contract/replay';
import { owner, idParams, errors, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';
import { openApiTags as shiftsTags } from '../shifts';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  reports: { name: 'Reportes', description: 'Resúmenes por turno (viajes, detenciones, kilómetros), reportes del período y reproducción de recorridos.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...shiftsTags, ...openApiTags });

const PERIOD_TEXT =
  'Días `from` a `to` (YYYY-MM-DD, inclusivos, a lo más 366) en la zona horaria de la flota; un turno cuenta el día en que empieza. `group`: `driver` (por conductor) o `vehicle` (por vehículo). Kilómetros, tiempo en movimiento, paradas y viajes vienen de los resúmenes guardados al terminar cada turno; un turno abierto (o aún sin resumen) suma turnos y horas de turno (hasta ahora) y nada más: `open_shifts` y `summarized_shifts` lo dicen. Dueño y Administrador.';

export const routeSpecs = {
  // GET /api/shifts/:id/summary
  shiftSummary: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Resumen de un turno: kilómetros, tiempo en movimiento y detenido, viajes y paradas',
    description:
      'Detectados desde los puntos del turno tras descartar saltos del GPS (más de 200 km/h desde sus vecinos, o precisión peor que 100 m). Parada: 300 s o más dentro de 50 m, o más de una hora sin datos (`data_gap`); viaje: 500 m y 300 s o más entre paradas. Un turno terminado trae el resumen guardado (`final: true`); uno activo, el calculado hasta su último punto (lo ya calculado se conserva y cada lectura suma solo los puntos nuevos). Las lecturas de resumen y recorrido de un mismo usuario se hacen de a una: hasta 3 esperan su turno y una más recibe 429 con `Retry-After`.',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: shiftSummaryResponseSchema, ...errors(401, 404, 429) },
  }),
  // GET /api/shifts/:id/replay
  shiftReplay: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Recorrido completo de un turno para reproducirlo',
    description:
      'Todos los puntos del turno, el más antiguo primero, como columnas paralelas de pasos (cada valor menos el anterior, enteros cortos): `time_steps_ms` (milisegundos; el primero 0, el primer punto es `start_ms`), `latitude_steps_e6` y `longitude_steps_e6` (millonésimas de grado; el primero desde 0), y `speeds_kmh` (la del teléfono o, si no la envió, la implícita por el avance de los últimos diez segundos). Los saltos del GPS (los del resumen) no se envían. De un turno activo solo se leen los puntos nuevos desde la lectura anterior. Las lecturas de resumen y recorrido de un mismo usuario se hacen de a una: hasta 3 esperan su turno y una más recibe 429 con `Retry-After`.',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    response: { 200: shiftReplaySchema, ...errors(401, 404, 429) },
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
  // GET /api/reports
  report: routeSpec(REPORT_READERS, {
    summary: 'Reporte del período por conductor o por vehículo',
    description: PERIOD_TEXT,
    tags: [Tags.reports],
    security: owner,
    querystring: blanksAsAbsent(reportQuerySchema),
    response: { 200: reportResponseSchema, ...errors(400, 401, 403) },
  }),
  // GET /api/reports/daily
  reportDaily: routeSpec(REPORT_READERS, {
    summary: 'Reporte del período por día y por conductor o vehículo (gráfico y detalle)',
    description: `${PERIOD_TEXT} \`driver_id\` o \`vehicle_id\` acotan a uno.`,
    tags: [Tags.reports],
    security: owner,
    querystring: blanksAsAbsent(reportQuerySchema),
    response: { 200: reportDailyResponseSchema, ...errors(400, 401, 403) },
  }),
  // GET /api/reports/shifts
  reportShifts: routeSpec(REPORT_READERS, {
    summary: 'Turnos del período con su resumen (detalle de un día)',
    description: `${PERIOD_TEXT} A lo más 1000 turnos, los más antiguos primero (\`limited\` dice si hay más).`,
    tags: [Tags.reports],
    security: owner,
    querystring: blanksAsAbsent(reportQuerySchema),
    response: { 200: reportShiftsResponseSchema, ...errors(400, 401, 403) },
  }),
};
