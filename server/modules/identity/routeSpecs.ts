/**
 * The identity module's routes as the API declares them: who may call each (the access guard's table
 * is built from these) and its OpenAPI description. The handlers use them by name.
 */
import { driverLoginRequestSchema, driverLoginResponseSchema, loginRequestSchema, loginResponseSchema, meResponseSchema, okResponseSchema, passwordChangeSchema } from '../../../contract/api';
import { EVERY_DESK_ROLE } from '../../../contract/roles';
import { owner, errors, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { PUBLIC, routeSpec } from '../../platform/routeSpec';

/** This module's sections of the reference page (module.ts declares them to the app). */
export const openApiTags = {
  auth: { name: 'Sesión', description: 'Inicio de sesión del dueño de la flota.' },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

export const routeSpecs = {
  // POST /api/auth/login
  login: routeSpec(PUBLIC, {
    summary: 'Iniciar sesión (dueño)',
    description: 'Devuelve un token para `Authorization: Bearer`. Tras 10 fallos en 15 minutos para la misma IP y RUT responde 429.',
    tags: [Tags.auth],
    body: loginRequestSchema,
    response: { 200: loginResponseSchema, ...errors(400, 401, 429) },
  }),
  // GET /api/auth/me
  me: routeSpec(EVERY_DESK_ROLE, {
    summary: 'El dueño de la sesión',
    tags: [Tags.auth],
    security: owner,
    response: { 200: meResponseSchema, ...errors(401) },
  }),
  // PUT /api/auth/password
  changePassword: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Cambiar la propia contraseña',
    description: 'Pide la contraseña actual. Las demás sesiones de la persona siguen abiertas.',
    tags: [Tags.auth],
    security: owner,
    body: passwordChangeSchema,
    response: { 200: okResponseSchema, ...errors(400, 401) },
  }),
  // POST /api/driver/login
  driverLogin: routeSpec(PUBLIC, {
    summary: 'Iniciar sesión (teléfono del conductor)',
    tags: [Tags.driverApp],
    body: driverLoginRequestSchema,
    response: { 200: driverLoginResponseSchema, ...errors(400, 401, 429) },
  }),
};
