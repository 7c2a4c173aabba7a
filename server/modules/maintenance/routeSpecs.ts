/**
 * Mantención's routes as the API declares them: every desk role reads a taxi's odometer, plans and
 * services; the Dueño and the Administrador change them; the costs per month are Reportes' readers'.
 */
import { okResponseSchema } from '../../../contract/common';
import {
  maintenanceCostsQuerySchema,
  maintenanceCostsSchema,
  maintenanceOverviewSchema,
  maintenancePlanRequestSchema,
  maintenancePlanResponseSchema,
  maintenanceRecordRequestSchema,
  maintenanceRecordResponseSchema,
  odometerRequestSchema,
  odometerResponseSchema,
  vehicleMaintenanceSchema,
} from '../../../contract/maintenance';
import { EVERY_DESK_ROLE, FLEET_MANAGERS, REPORT_READERS } from '../../../contract/roles';
import { errors, idParams, owner, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';

export const openApiTags = {
  maintenance: {
    name: 'Mantención',
    description: 'El odómetro de cada taxi (la lectura del dueño más los km medidos en sus turnos), sus planes por kilómetros y/o meses con su próximo vencimiento, y los servicios hechos con su costo en pesos.',
  },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });
type Rest = Omit<Parameters<typeof routeSpec>[1], 'summary' | 'tags' | 'security'>;
const readers = <R extends Rest>(summary: string, rest: R) => routeSpec(EVERY_DESK_ROLE, { summary, tags: [Tags.maintenance], security: owner, ...rest });
const managers = <R extends Rest>(summary: string, rest: R) => routeSpec(FLEET_MANAGERS, { summary, tags: [Tags.maintenance], security: owner, ...rest });

export const routeSpecs = {
  overview: readers('Mantención de la flota', {
    description: 'Cada taxi vigente con su odómetro y sus planes: cuándo toca cada uno y cuánto falta (km y días). Estado: al_dia, proxima (a 1.000 km o 15 días), vencida o sin_odometro.',
    response: { 200: maintenanceOverviewSchema, ...errors(401) },
  }),
  vehicle: readers('Mantención de un taxi', {
    description: 'Su odómetro, sus planes y sus servicios, los más nuevos primero.',
    params: idParams,
    response: { 200: vehicleMaintenanceSchema, ...errors(401, 404) },
  }),
  saveOdometer: managers('Registrar la lectura del odómetro', {
    description: 'La lectura del tablero y el día en que se leyó. Desde ese día se le suman los km que Flota midió en los turnos terminados del taxi.',
    params: idParams,
    body: odometerRequestSchema,
    response: { 200: odometerResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  createPlan: managers('Crear un plan de mantención', {
    description: 'Cada cuántos km y/o meses, contados desde el último servicio (su fecha y, para los km, su kilometraje).',
    params: idParams,
    body: maintenancePlanRequestSchema,
    response: { 201: maintenancePlanResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  updatePlan: managers('Modificar un plan de mantención', {
    params: idParams,
    body: maintenancePlanRequestSchema,
    response: { 200: maintenancePlanResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  deletePlan: managers('Eliminar un plan de mantención', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 403, 404) } }),
  createRecord: managers('Registrar un servicio', {
    description: 'Fecha, kilometraje, tipo, taller, costo en pesos enteros y notas. Un servicio del mismo tipo que un plan reinicia su cuenta.',
    params: idParams,
    body: maintenanceRecordRequestSchema,
    response: { 201: maintenanceRecordResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  deleteRecord: managers('Eliminar un servicio', { params: idParams, response: { 200: okResponseSchema, ...errors(401, 403, 404) } }),
  costs: routeSpec(REPORT_READERS, {
    summary: 'Costo de mantención por taxi y mes',
    description: 'Meses AAAA-MM (ambos incluidos, a lo sumo 36), por la fecha de cada servicio; incluye taxis ya eliminados.',
    tags: [Tags.maintenance],
    security: owner,
    querystring: blanksAsAbsent(maintenanceCostsQuerySchema),
    response: { 200: maintenanceCostsSchema, ...errors(400, 401, 403) },
  }),
};
