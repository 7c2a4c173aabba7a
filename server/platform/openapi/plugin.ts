/**
 * The OpenAPI 3.1 document, built from the routes' schemas (each module's routeSpecs.ts, all from
 * contract/), served at /api/openapi.json, with a reference page at /api/docs.
 *
 * Route schemas are zod schemas: a route's body and query schemas are also what checks its input
 * (platform/requestValidation.ts, with the Spanish `{error, fields}` bodies clients rely on); the
 * serializer is plain JSON.stringify, so an answer never loses a field the document does not list yet.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '../../../contract/api';
import { zodRequestValidator } from '../requestValidation';
import { registry } from './components';
import { platformTags, type OpenApiTag } from './routeDocs';

export const OPENAPI_PATH = `${API_BASE_PATH}/openapi.json`;
export const DOCS_PATH = `${API_BASE_PATH}/docs`;

const DESCRIPTION = [
  'API de Flota: conductores, vehículos, turnos y mapa en vivo de una flota de taxis.',
  '',
  'Autenticación: `Authorization: Bearer <token>` (de `POST /api/auth/login` para el dueño, de `POST /api/driver/login` para el teléfono del conductor).',
  'Errores: siempre `{error}` con un texto en español para mostrar tal cual; un 400 agrega `fields` con el texto de cada campo.',
  '',
  'Tiempo real: socket.io en la ruta `/socket.io` del mismo origen, con `auth: {token}` en el handshake. El mapa emite `join_owner_room` con el id del dueño y recibe `location_update`, `shift_started` y `shift_ended`; sus cuerpos son los componentes `Evento*` de este documento.',
].join('\n');

export interface ApiRoute {
  method: string;
  url: string;
  schema: unknown;
}

const apiRoutesOf = new WeakMap<FastifyInstance, ApiRoute[]>();

/** Every API route the server registered (after registerOpenApi), with the schema it declared: the test reads it. */
export function registeredApiRoutes(app: FastifyInstance): ApiRoute[] {
  return apiRoutesOf.get(app) ?? [];
}

function isApiRoute(url: string): boolean {
  return url.startsWith(`${API_BASE_PATH}/`) && url !== OPENAPI_PATH && !url.startsWith(DOCS_PATH);
}

/** `moduleTags`: each mounted module's sections (FlotaModule.openApiTags), after the platform's own. */
export async function registerOpenApi(app: FastifyInstance, moduleTags: readonly OpenApiTag[]): Promise<void> {
  const routes: ApiRoute[] = [];
  apiRoutesOf.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD' && isApiRoute(route.url)) routes.push({ method, url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(zodRequestValidator);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Flota API', version: '1.0.0', description: DESCRIPTION },
      components: {
        securitySchemes: {
          dueno: { type: 'http', scheme: 'bearer', description: 'Token del dueño (POST /api/auth/login)' },
          conductor: { type: 'http', scheme: 'bearer', description: 'Token del conductor (POST /api/driver/login)' },
        },
      },
      tags: [...Object.values(platformTags), ...moduleTags],
    },
    // Only the API: the SPA's files and this page's own assets are not part of it.
    transform: (input) => (isApiRoute(input.url) ? zodTransform(input) : { schema: { ...input.schema, hide: true }, url: input.url }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: registry }),
  });
  // swagger-ui answers its static/index.html with a redirect to the same URL whenever a query string
  // is present (a loop a browser gives up on): send it to the page itself instead.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(`${DOCS_PATH}/static/index.html?`)) return reply.redirect(`${DOCS_PATH}/`);
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
