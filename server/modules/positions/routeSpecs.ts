/**
 * The positions module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { locationBatchSchema, locationsAcceptedResponseSchema, shiftLocationsQuerySchema, shiftLocationsResponseSchema } from '../../../contract/api';
import { EVERY_DESK_ROLE } from '../../../contract/roles';
import { owner, driver, idParams, errors, platformTags, tagNames } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';
import { openApiTags as shiftsTags } from '../shifts';

/** Its routes sit in the platform's driver-app section and shifts' section. */
const Tags = tagNames({ ...platformTags, ...shiftsTags });

export const routeSpecs = {
  // POST /api/driver/locations
  postLocations: routeSpec(DRIVER, {
    summary: 'Enviar ubicaciones del turno activo',
    description: 'Hasta 500 puntos por vez. Los puntos anteriores al inicio del turno se ignoran; uno a más de 2 minutos en el futuro rechaza el lote.',
    tags: [Tags.driverApp],
    security: driver,
    body: locationBatchSchema,
    response: { 202: locationsAcceptedResponseSchema, ...errors(400, 401, 409, 429) },
  }),
  // GET /api/shifts/:id/locations
  shiftLocations: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Recorrido de un turno',
    description: 'Los puntos del turno, el más antiguo primero.',
    tags: [Tags.shifts],
    security: owner,
    params: idParams,
    querystring: shiftLocationsQuerySchema,
    response: { 200: shiftLocationsResponseSchema, ...errors(400, 401, 404) },
  }),
};
