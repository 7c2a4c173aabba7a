/**
 * The desk module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { z } from 'zod';
import { activityQuerySchema, deskUserCreateSchema, deskUserUpdateSchema } from '../../../contract/api';
import { activityEntrySchema, deskUserSchema } from '../../../contract/entities';
import { FLEET_MANAGERS, USER_MANAGERS } from '../../../contract/roles';
import { Tags, owner, idParams, ok, errors } from '../../platform/openapi/routeDocs';
import { routeSpec } from '../../platform/routeSpec';

export const routeSpecs = {
  // GET /api/activity
  activity: routeSpec(FLEET_MANAGERS, {
    summary: 'Registro de actividad (dueño y administradores)',
    description: 'Más reciente primero, paginado; filtros por persona, tipo de registro y fechas (días completos en la zona de la flota).',
    tags: [Tags.activity],
    security: owner,
    querystring: activityQuerySchema,
    response: {
      200: z.object({
        entries: z.array(activityEntrySchema),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
        actors: z.array(z.object({ key: z.string(), name: z.string(), role: z.string() })),
      }),
      ...errors(400, 401, 403),
    },
  }),
  // GET /api/users
  listUsers: routeSpec(USER_MANAGERS, {
    summary: 'Listar los usuarios de la mesa (solo el dueño)',
    tags: [Tags.users],
    security: owner,
    response: { 200: z.object({ users: z.array(deskUserSchema), count: z.number().int() }), ...errors(401, 403) },
  }),
  // POST /api/users
  createUser: routeSpec(USER_MANAGERS, {
    summary: 'Crear un usuario (Administrador u Operador)',
    tags: [Tags.users],
    security: owner,
    body: deskUserCreateSchema,
    response: { 201: z.object({ user: deskUserSchema }), ...errors(400, 401, 403, 409) },
  }),
  // PUT /api/users/:id
  updateUser: routeSpec(USER_MANAGERS, {
    summary: 'Modificar, desactivar o restablecer la contraseña de un usuario',
    description: 'Desactivar, cambiar el rol o restablecer la contraseña cierra de inmediato sus sesiones (HTTP y socket).',
    tags: [Tags.users],
    security: owner,
    params: idParams,
    body: deskUserUpdateSchema,
    response: { 200: z.object({ user: deskUserSchema }), ...errors(400, 401, 403, 404) },
  }),
  // DELETE /api/users/:id
  deleteUser: routeSpec(USER_MANAGERS, {
    summary: 'Eliminar un usuario',
    description: 'Cierra de inmediato sus sesiones; sus acciones siguen en la actividad.',
    tags: [Tags.users],
    security: owner,
    params: idParams,
    response: { 200: ok, ...errors(401, 403, 404) },
  }),
};
