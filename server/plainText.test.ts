/**
 * Names are text, not lines (issue 45): every name, title and reference field a desk route takes
 * refuses C0 and C1 controls, the line and paragraph separators and the bidi overrides, in Spanish,
 * on that field, and nothing changes; the same request with an ordinary value goes through. Each
 * request is its route's sample (tools/testing/routeSamples.ts) with one field replaced.
 * PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { PlainTextMessages } from '../contract/plainText';
import { apiClient } from './tools/testing/apiClient';
import { databaseFingerprint, routeSamples } from './tools/testing/routeSamples';
import { startTestServer, type TestServer } from './tools/testing/testServer';

/** What a forged name looks like: each kind of character the refinement refuses. */
const HOSTILE = ['Ana\r\nBcc: x@y.cl', 'Tab\tulado', 'C1\u0085línea', 'Separa\u2028dor', 'factura\u202Efdp.exe', 'aisla\u2066do'];

/** Each desk route's name, title and reference fields, as paths into its sample's body. */
const FIELDS: Record<string, string[]> = {
  'POST /api/drivers': ['first_name', 'last_name', 'license_number'],
  'PUT /api/drivers/:id': ['first_name', 'last_name', 'license_number'],
  'POST /api/vehicles': ['model', 'color'],
  'PUT /api/vehicles/:id': ['model', 'color'],
  'POST /api/users': ['first_name', 'last_name'],
  'PUT /api/users/:id': ['first_name', 'last_name'],
  'POST /api/dispatch/bookings': ['customer_name', 'pickup.label'],
  'POST /api/dispatch/bookings/create-and-offer': ['customer_name', 'pickup.label'],
  'POST /api/dispatch/places': ['name', 'address', 'aliases.0'],
  'PUT /api/dispatch/places/:id': ['name', 'address'],
  'POST /api/dispatch/places/import': ['places.0.name', 'places.0.address', 'places.0.aliases.0'],
  'POST /api/webhooks': ['description'],
  'PUT /api/webhooks/:id': ['description'],
  'POST /api/accounts/drivers/:id/entries': ['reference'],
  'POST /api/zones': ['name'],
  'PUT /api/zones/:id': ['name'],
  'POST /api/zones/import': ['features.0.properties.name'],
  'POST /api/alert-rules': ['name'],
  'PUT /api/alert-rules/:id': ['name'],
  'POST /api/documents': ['custom_label', 'number'],
  'PUT /api/documents/:id': ['custom_label', 'number'],
  'POST /api/maintenance/vehicles/:id/plans': ['kind'],
  'PUT /api/maintenance/plans/:id': ['kind'],
  'POST /api/maintenance/vehicles/:id/records': ['kind', 'workshop'],
};

/** A copy of the body with the value at `path` (dots; numbers index arrays) set, creating what is missing. */
function withField(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const [i, key] of keys.slice(0, -1).entries()) {
    at[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
  return copy;
}

let server: TestServer;
let token: string;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
  call = apiClient(server.url);
}, 90_000);
afterAll(() => server?.close());

describe.each(Object.entries(FIELDS))('%s', (route, paths) => {
  it.each(paths)('refuses control characters in %s, in Spanish, changing nothing; an ordinary value passes', async (path) => {
    const [method] = route.split(' ');
    for (const hostile of HOSTILE) {
      const sample = await routeSamples[route]({ db: server.db, ownerId: server.seed.ownerId });
      const before = await databaseFingerprint(server.db);
      const answer = await call(sample.path, { method, token, json: withField(sample.json, path, hostile) });
      // An import names the feature it refused in its message; every other route names the field.
      const said = route === 'POST /api/zones/import' ? answer.body.error : answer.body.fields?.[path];
      expect([JSON.stringify(hostile), answer.status, said]).toEqual([
        JSON.stringify(hostile),
        400,
        route === 'POST /api/zones/import' ? `Zona 1: ${PlainTextMessages.controlCharacters}` : PlainTextMessages.controlCharacters,
      ]);
      expect(await databaseFingerprint(server.db)).toBe(before);
    }
    const sample = await routeSamples[route]({ db: server.db, ownerId: server.seed.ownerId });
    const ordinary = await call(sample.path, { method, token, json: withField(sample.json, path, 'Ñuñoa Sur 2') });
    expect([ordinary.status, ordinary.body.error]).toEqual([route.startsWith('POST') ? 201 : 200, undefined]);
    await sample.cleanup?.();
  });
});
