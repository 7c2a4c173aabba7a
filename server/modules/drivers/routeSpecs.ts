/**
 * The drivers module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { deviceIdResponseSchema, driverCreateSchema, driverResponseSchema, driverUpdateSchema, driversResponseSchema, okResponseSchema } from '../../../contract/api';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { owner, idParams, errors, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  drivers: { name: 'Conductores', description: 'Los conductores de la flota del dueño.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

export const routeSpecs = {
  // GET /api/drivers
  listDrivers: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Listar conductores',
    tags: [Tags.drivers],
    security: owner,
    response: { 200: driversResponseSchema, ...errors(401) },
  }),
  // POST /api/drivers
  createDriver: routeSpec(FLEET_MANAGERS, {
    summary: 'Crear un conductor',
    description: 'Asignar un vehículo que tiene otro conductor se lo quita a ese conductor en la misma transacción.',
    tags: [Tags.drivers],
    security: owner,
    body: driverCreateSchema,
    response: { 201: driverResponseSchema, ...errors(400, 401, 409) },
  }),
  // PUT /api/drivers/:id
  updateDriver: routeSpec(FLEET_MANAGERS, {
    summary: 'Modificar un conductor',
    description: 'El RUT no cambia. Una contraseña vacía o ausente conserva la anterior.',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    body: driverUpdateSchema,
    response: { 200: driverResponseSchema, ...errors(400, 401, 404, 409) },
  }),
  // DELETE /api/drivers/:id
  deleteDriver: routeSpec(FLEET_MANAGERS, {
    summary: 'Eliminar un conductor',
    description: 'No se puede eliminar un conductor con un turno activo (409).',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    response: { 200: okResponseSchema, ...errors(401, 404, 409) },
  }),
  // GET /api/drivers/:id/device-id — the /osmand credential: never for an Operador, who only reads the fleet.
  deviceId: routeSpec(FLEET_MANAGERS, {
    summary: 'Identificador de dispositivo (OsmAnd) de un conductor',
    description: 'Solo Dueño y Administrador: es la credencial de /osmand, por eso no aparece en la lista de conductores.',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    response: { 200: deviceIdResponseSchema, ...errors(401, 403, 404) },
  }),
  // POST /api/drivers/:id/device-id
  regenerateDeviceId: routeSpec(FLEET_MANAGERS, {
    summary: 'Generar un nuevo identificador de dispositivo (OsmAnd) para un conductor',
    description: 'El identificador anterior deja de funcionar de inmediato. Solo Dueño y Administrador.',
    tags: [Tags.drivers],
    security: owner,
    params: idParams,
    response: { 200: deviceIdResponseSchema, ...errors(401, 403, 404) },
  }),
};
