/**
 * The desk module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { activityQuerySchema, activityResponseSchema, deskUserCreateSchema, deskUserResponseSchema, deskUserUpdateSchema, deskUsersResponseSchema, okResponseSchema } from '../../../contract/api';
import { FLEET_MANAGERS, USER_MANAGERS } from '../../../contract/roles';
import { owner, idParams, errors, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  users: { name: 'Usuarios', description: 'Las cuentas de la mesa de despacho (solo el dueño).' },
  activity: { name: 'Actividad', description: 'Quién cambió qué, y cuándo.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

export const routeSpecs = {
  // GET /api/activity
  activity: routeSpec(FLEET_MANAGERS, {
    summary: 'Registro de actividad (dueño y administradores)',
    description: 'Más reciente primero, paginado; filtros por persona, tipo de registro y fechas (días completos en la zona de la flota).',
    tags: [Tags.activity],
    security: owner,
    querystring: blanksAsAbsent(activityQuerySchema),
    response: {
      200: activityResponseSchema,
      ...errors(400, 401, 403),
    },
  }),
  // GET /api/users
  listUsers: routeSpec(USER_MANAGERS, {
    summary: 'Listar los usuarios de la mesa (solo el dueño)',
    tags: [Tags.users],
    security: owner,
    response: { 200: deskUsersResponseSchema, ...errors(401, 403) },
  }),
  // POST /api/users
  createUser: routeSpec(USER_MANAGERS, {
    summary: 'Crear un usuario (Administrador u Operador)',
    tags: [Tags.users],
    security: owner,
    body: deskUserCreateSchema,
    response: { 201: deskUserResponseSchema, ...errors(400, 401, 403, 409) },
  }),
  // PUT /api/users/:id
  updateUser: routeSpec(USER_MANAGERS, {
    summary: 'Modificar, desactivar o restablecer la contraseña de un usuario',
    description: 'Desactivar, cambiar el rol o restablecer la contraseña cierra de inmediato sus sesiones (HTTP y socket).',
    tags: [Tags.users],
    security: owner,
    params: idParams,
    body: deskUserUpdateSchema,
    response: { 200: deskUserResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  // DELETE /api/users/:id
  deleteUser: routeSpec(USER_MANAGERS, {
    summary: 'Eliminar un usuario',
    description: 'Cierra de inmediato sus sesiones; sus acciones siguen en la actividad.',
    tags: [Tags.users],
    security: owner,
    params: idParams,
    response: { 200: okResponseSchema, ...errors(401, 403, 404) },
  }),
};
