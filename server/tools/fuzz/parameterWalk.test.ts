/**
 * Every route's every path and query parameter, as the OpenAPI document lists them, set in turn to
 * each of the shapes that once answered 500 (fromZod.ts's BAD_PARAMETER_VALUES: percent signs, NUL,
 * dates PostgreSQL cannot hold): no answer is a 5xx, every error is a Spanish {error}, and no row
 * changes. The three 500s are checked by name first.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { apiClient } from '../testing/apiClient';
import { databaseSnapshot } from '../testing/dbSnapshot';
import { startTestServer, type TestServer } from '../testing/testServer';
import { prepareTarget, type FuzzTarget } from './badInput';
import { BAD_PARAMETER_VALUES } from './fromZod';

let server: TestServer;
let target: FuzzTarget;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  server = await startTestServer();
  target = await prepareTarget(server);
  document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenAPIV3_1.Document;
}, 60_000);
afterAll(() => server?.close());

/** Words of untranslated English error texts (zod, Fastify, Node). */
const ENGLISH = /\b(invalid|expected|received|required|must|unexpected|not found|bad request|internal server|uri malformed)\b/i;

describe('the three 500s of issue 32', () => {
  it('answer 400 in Spanish', async () => {
    const call = apiClient(server.url);
    const token = target.ownerToken;
    expect(await call('/api/customers/by-phone/%25', { token })).toEqual({ status: 400, body: { error: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' } });
    expect(await call('/api/customers?query=%00', { token })).toEqual({
      status: 400,
      body: { error: 'El texto contiene caracteres no permitidos', fields: { query: 'El texto contiene caracteres no permitidos' } },
    });
    expect(await call('/api/positions/at?time=-271821-04-20T00:00:00Z', { token })).toEqual({
      status: 400,
      body: { error: 'Fecha y hora inválidas', fields: { time: 'Fecha y hora inválidas' } },
    });
  });
});

interface Walk {
  method: string;
  /** OpenAPI path, {name} for a path parameter. */
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' }>;
}

function walks(): Walk[] {
  const found: Walk[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const parameters = ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, in: parameter.in as 'path' | 'query' }));
      found.push({ method: method.toUpperCase(), path, parameters });
    }
  }
  return found;
}

/** A path with `bad` in one parameter; any other path parameter names no row (so nothing can change). */
function urlFor(walk: Walk, name: string, where: 'path' | 'query', bad: string): string {
  let url = walk.path.replace(/\{(\w+)\}/g, (_match, param: string) => encodeURIComponent(where === 'path' && param === name ? bad : '2147483647'));
  if (where === 'query') url += `?${new URLSearchParams({ [name]: bad }).toString()}`;
  return url;
}

describe('every path and query parameter of every route', () => {
  it('answers the shapes that found the 500s without a 5xx, in Spanish, and changes nothing', async () => {
    const routes = walks();
    const withParameters = routes.filter((walk) => walk.parameters.length);
    // The document lists every route (openapi.test.ts); these are the ones with parameters.
    expect(withParameters.length).toBeGreaterThanOrEqual(20);
    expect(withParameters.flatMap((walk) => walk.parameters).filter((parameter) => parameter.in === 'query').length).toBeGreaterThanOrEqual(10);
    const before = await databaseSnapshot(server.db);
    const failures: string[] = [];
    let sent = 0;
    for (const walk of withParameters) {
      const token = walk.path.startsWith('/api/driver/') ? target.driverToken : target.ownerToken;
      for (const parameter of walk.parameters) {
        for (const bad of BAD_PARAMETER_VALUES) {
          const url = urlFor(walk, parameter.name, parameter.in, bad);
          const body = walk.method === 'GET' || walk.method === 'DELETE' ? undefined : '{}';
          const response = await fetch(`${server.url}${url}`, {
            method: walk.method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body,
          });
          sent += 1;
          const text = await response.text();
          const what = `${walk.method} ${url} → ${response.status} ${text.slice(0, 160)}`;
          if (response.status >= 500) failures.push(what);
          else if (response.status >= 400) {
            const answer = (() => {
              try {
                return JSON.parse(text) as { error?: unknown };
              } catch {
                return null;
              }
            })();
            if (typeof answer?.error !== 'string' || ENGLISH.test(answer.error)) failures.push(`not Spanish: ${what}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(withParameters.length * BAD_PARAMETER_VALUES.length);
    const after = await databaseSnapshot(server.db);
    expect(after).toEqual(before);
  }, 240_000);
});
