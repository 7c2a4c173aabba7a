/**
 * The OpenAPI document: every API route declares its schema (a route added without one fails
 * here, by name), the document lists every route and validates as OpenAPI 3.1 with a real
 * validator, and the reference page answers.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { registeredApiRoutes } from './plugin';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';

let server: TestServer;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  server = await startTestServer();
  document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenAPIV3_1.Document;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** Fastify's /drivers/:id is OpenAPI's /drivers/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function hasSchema(schema: unknown): boolean {
  const declared = schema as { summary?: unknown; response?: unknown } | undefined;
  return typeof declared?.summary === 'string' && typeof declared.response === 'object' && declared.response !== null;
}

describe('OpenAPI document', () => {
  it('has a schema (summary and responses) for every API route', () => {
    const routes = registeredApiRoutes(server.app);
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const missing = routes.filter((route) => !hasSchema(route.schema)).map((route) => `${route.method} ${route.url}`);
    // A route listed here needs its entry in its module's routeSpecs.ts (docs/api.md).
    expect(missing).toEqual([]);
  });

  it('lists every API route', () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([url, item]) =>
      Object.keys(item ?? {})
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${url}`),
    );
    const registered = registeredApiRoutes(server.app).map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('is a valid OpenAPI 3.1 document', () => {
    const run = spawnSync(process.execPath, [path.join(__dirname, '../../tools/testing/validateOpenApi.mjs')], { input: JSON.stringify(document), encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { valid: boolean; version: string; errors: unknown };
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('describes the driver API, the error body and the socket events in Spanish', () => {
    expect(document.paths?.['/api/driver/locations']?.post?.summary).toBe('Enviar ubicaciones del turno activo');
    expect(document.paths?.['/api/drivers']?.post?.requestBody).toBeDefined();
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Error', 'Conductor', 'EventoLocationUpdate', 'EventoShiftStarted', 'EventoShiftEnded', 'EventoJoinOwnerRoom']));
    expect(schemas.EventoLocationUpdate).toMatchObject({ properties: { shift_id: {}, latitude: {}, longitude: {}, timestamp: {} } });
    expect(document.info.description).toContain('socket.io');
  });

  it("describes every section a route is filed under, each declared by its module or the platform", () => {
    const used = new Set(Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}).flatMap((operation) => (operation as { tags?: string[] }).tags ?? [])));
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    expect([...used].filter((name) => !declared.get(name))).toEqual([]);
    expect(declared.get('Despacho')).toBe('Reservas, candidatos, ofertas y viajes; clientes y lugares guardados.');
    expect(declared.get('Reportes')).toMatch(/reportes del período/);
  });

  it('serves a reference page at /api/docs', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/swagger/i);
  });

  it('answers bad parameters on its own routes in Spanish too, like every route', async () => {
    // The fuzzer found GET /api/docs/json?limit=%00 answered in Fastify's shape: the page's routes
    // were registered before Flota's error handler was set, and keep the handler of that moment.
    for (const path of ['/api/docs/json?limit=%00', '/api/openapi.json?x=%00']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'El texto contiene caracteres no permitidos' });
    }
  });

  it('keeps the Spanish {error, fields} body for bad input', async () => {
    const token = await server.login();
    const response = await fetch(`${server.url}/api/vehicles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plate_number: 'no', year: 'mil' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Patente inválida: usa el formato AB1234 o BCDF12',
      fields: { plate_number: 'Patente inválida: usa el formato AB1234 o BCDF12', year: expect.any(String) },
    });
  });
});
