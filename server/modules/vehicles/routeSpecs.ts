/**
 * The vehicles module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { okResponseSchema, vehicleCreateSchema, vehicleResponseSchema, vehicleUpdateSchema, vehiclesResponseSchema } from '../../../contract/api';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { owner, idParams, errors, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  vehicles: { name: 'Vehículos', description: 'Los vehículos de la flota del dueño.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

export const routeSpecs = {
  // GET /api/vehicles
  listVehicles: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Listar vehículos',
    tags: [Tags.vehicles],
    security: owner,
    response: { 200: vehiclesResponseSchema, ...errors(401) },
  }),
  // POST /api/vehicles
  createVehicle: routeSpec(FLEET_MANAGERS, {
    summary: 'Crear un vehículo',
    tags: [Tags.vehicles],
    security: owner,
    body: vehicleCreateSchema,
    response: { 201: vehicleResponseSchema, ...errors(400, 401, 409) },
  }),
  // PUT /api/vehicles/:id
  updateVehicle: routeSpec(FLEET_MANAGERS, {
    summary: 'Modificar un vehículo',
    description: 'La patente no cambia.',
    tags: [Tags.vehicles],
    security: owner,
    params: idParams,
    body: vehicleUpdateSchema,
    response: { 200: vehicleResponseSchema, ...errors(400, 401, 404) },
  }),
  // DELETE /api/vehicles/:id
  deleteVehicle: routeSpec(FLEET_MANAGERS, {
    summary: 'Eliminar un vehículo',
    description: 'No se puede eliminar un vehículo en un turno activo (409).',
    tags: [Tags.vehicles],
    security: owner,
    params: idParams,
    response: { 200: okResponseSchema, ...errors(401, 404, 409) },
  }),
};
