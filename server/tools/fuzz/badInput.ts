/**
 * Property-based bad input over every registered API route (the same route table the tenancy test
 * reads): bodies and queries from the contract's schemas (fromZod.ts), hostile path and query
 * parameters (percent signs, NUL, dates PostgreSQL cannot hold: fromZod.ts's BAD_PARAMETER_VALUES),
 * malformed JSON, missing bodies and wrong content types, JSON nested thousands of levels deep,
 * arrays of up to 100,000 items and mutated raw bodies (cut, spliced, doubled, with a BOM or NUL). After each case it checks what a client
 * and the database see: no 500, no dropped connection, every error a Spanish `{error}`, and no row
 * changed unless a write answered 2xx (row counts and checksums of every table).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import {
  driverCreateSchema,
  driverLoginRequestSchema,
  driverUpdateSchema,
  historyFilterSchema,
  historyQuerySchema,
  locationBatchSchema,
  loginRequestSchema,
  shiftStartSchema,
  trackingSettingsSchema,
  vehicleCreateSchema,
  vehicleUpdateSchema,
  webhookEndpointRequestSchema,
} from '../../../contract/api';
import { acknowledgeRequestSchema, alertRuleRequestSchema, alertsQuerySchema, bulkAcknowledgeRequestSchema, sosFixRequestSchema, sosRequestSchema, zoneCollectionSchema, zoneRequestSchema } from '../../../contract/alerts';
import { databaseSnapshot, type TableSnapshot } from '../testing/dbSnapshot';
import { driverLogin } from '../testing/http';
import { accountSettingsSchema, closingQuerySchema, entryCreateSchema, reversalCreateSchema, statementQuerySchema, termsCreateSchema } from '../../../contract/accounts';
import { documentCreateSchema, documentSettingsSchema, documentsQuerySchema, documentUpdateSchema, expiriesQuerySchema } from '../../../contract/documents';
import { fareTariffSchema } from '../../../contract/fares';
import { bookingCreateSchema, placeRequestSchema, placesImportSchema } from '../../../contract/dispatch';
import { blockPhoneSchema, taxiRequestSchema } from '../../../contract/taxiRequests';
import { maintenanceCostsQuerySchema, maintenancePlanRequestSchema, maintenanceRecordRequestSchema, odometerRequestSchema } from '../../../contract/maintenance';
import type { TestServer } from '../testing/testServer';
import { BODY_LIMITS } from '../../../contract/bodyLimits';
import { arbitraryFor, BAD_PARAMETER_VALUES, wrongType, type Samples } from './fromZod';

/** The contract's schema of each route's body (and history's query). Routes not listed get generic input. */
const BODIES: Record<string, z.ZodType> = {
  'POST /api/auth/login': loginRequestSchema,
  'POST /api/driver/login': driverLoginRequestSchema,
  'POST /api/drivers': driverCreateSchema,
  'PUT /api/drivers/:id': driverUpdateSchema,
  'POST /api/vehicles': vehicleCreateSchema,
  'PUT /api/vehicles/:id': vehicleUpdateSchema,
  'POST /api/driver/shifts/start': shiftStartSchema,
  'POST /api/driver/locations': locationBatchSchema,
  'POST /api/webhooks': webhookEndpointRequestSchema,
  'PUT /api/webhooks/:id': webhookEndpointRequestSchema,
  'PUT /api/tracking/settings': trackingSettingsSchema,
  'POST /api/public/requests/:fleetCode': taxiRequestSchema,
  'POST /api/tracking/blocked-phones': blockPhoneSchema,
  'POST /api/accounts/drivers/:id/terms': termsCreateSchema,
  'POST /api/accounts/drivers/:id/entries': entryCreateSchema,
  'POST /api/accounts/entries/:id/reverse': reversalCreateSchema,
  'PUT /api/accounts/settings': accountSettingsSchema,
  'PUT /api/dispatch/fare-tariff': fareTariffSchema,
  'POST /api/dispatch/bookings/create-and-offer': bookingCreateSchema,
  'POST /api/dispatch/places': placeRequestSchema,
  'PUT /api/dispatch/places/:id': placeRequestSchema,
  'POST /api/dispatch/places/import': placesImportSchema,
  'POST /api/zones': zoneRequestSchema,
  'PUT /api/zones/:id': zoneRequestSchema,
  'POST /api/zones/import': zoneCollectionSchema,
  'POST /api/alert-rules': alertRuleRequestSchema,
  'PUT /api/alert-rules/:id': alertRuleRequestSchema,
  'POST /api/alerts/:id/acknowledge': acknowledgeRequestSchema,
  'POST /api/alerts/acknowledge': bulkAcknowledgeRequestSchema,
  'POST /api/driver/sos': sosRequestSchema,
  'PUT /api/driver/sos/position': sosFixRequestSchema,
  'POST /api/documents': documentCreateSchema,
  'PUT /api/documents/:id': documentUpdateSchema,
  'PUT /api/documents/settings': documentSettingsSchema,
  'PUT /api/maintenance/vehicles/:id/odometer': odometerRequestSchema,
  'POST /api/maintenance/vehicles/:id/plans': maintenancePlanRequestSchema,
  'PUT /api/maintenance/plans/:id': maintenancePlanRequestSchema,
  'POST /api/maintenance/vehicles/:id/records': maintenanceRecordRequestSchema,
};
const QUERIES: Record<string, z.ZodType> = {
  'GET /api/shifts/history': historyQuerySchema,
  'GET /api/alerts': alertsQuerySchema,
  'GET /api/shifts/history.csv': historyFilterSchema,
  'GET /api/accounts/drivers/:id/statement': statementQuerySchema,
  'GET /api/accounts/closing': closingQuerySchema,
  'GET /api/documents': documentsQuerySchema,
  'GET /api/expiries': expiriesQuerySchema,
  'GET /api/maintenance/costs': maintenanceCostsQuerySchema,
};

/** Words of the English texts zod, Fastify and Node give when nobody translated them. */
const ENGLISH = /\b(invalid|expected|received|required|must|should|unexpected|unauthorized|not found|bad request|too many|internal server|unrecognized|body|payload)\b/i;

export interface Failure {
  request: string;
  status: number | 'dropped';
  body: unknown;
  why: string;
}

export interface FuzzReport {
  cases: number;
  byStatus: Record<string, number>;
  /** Answers 500 or more. */
  serverErrors: number;
  /** Connections closed or reset without an answer. */
  dropped: number;
  /** Error answers that are not a Spanish {error, fields?}. */
  notSpanish: number;
  /** Cases whose answer was not a 2xx write and yet changed rows. */
  unexpectedChanges: number;
  /** Rows added, removed or changed by writes that answered 2xx (allowed). */
  rowsChangedBy2xx: number;
  /** Cases by body: json (from the contract), none, raw, deep (nesting), huge (arrays), mutated (raw-body mutations), limit (the route's body limit, and one byte over). */
  bodies: Record<string, number>;
  failures: Failure[];
}

/** How a raw body was made, counted in the report: what an outside fuzzer sends beside the contract's shapes. */
type RawFamily = 'raw' | 'deep' | 'huge' | 'mutated' | 'limit';

interface Case {
  method: string;
  url: string;
  token: string | null;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string; family: RawFamily; limit?: number } | { kind: 'none' };
}

function isSpanishError(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { error, fields, ...rest } = body as { error?: unknown; fields?: unknown };
  if (Object.keys(rest).length || typeof error !== 'string' || !error || ENGLISH.test(error)) return false;
  if (fields === undefined) return true;
  return typeof fields === 'object' && fields !== null && Object.values(fields).every((text) => typeof text === 'string' && text && !ENGLISH.test(text));
}

function rowsChanged(before: Record<string, TableSnapshot>, after: Record<string, TableSnapshot>): number {
  let changed = 0;
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[table], after[table]];
    if (!b || !a) changed += (a ?? b).rows;
    else if (b.checksum !== a.checksum) changed += Math.max(1, Math.abs(a.rows - b.rows));
  }
  return changed;
}

const pathValue = (samples: Samples) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...samples.ids.map(String)) },
    { weight: 3, arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '99999999999999999999', 'abc', '1.5', '1e3', '00001', ' 1', '..') },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_PARAMETER_VALUES) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    for (const one of Array.isArray(item) ? item : [item]) params.append(key, typeof one === 'string' ? one : JSON.stringify(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Nesting past the edge's limit (boundedJson.ts), up to the 5,000 levels that once answered 500. */
const deepBody = fc
  .record({ depth: fc.integer({ min: 60, max: 5000 }), open: fc.constantFrom('[', '{"a":', '{"rut":[', '[{"x":') })
  .map(({ depth, open }) => {
    const close = open.replace(/[^[{]/g, '').split('').reverse().map((c) => (c === '[' ? ']' : '}')).join('');
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  });

/** Long arrays, flat or of small arrays (up to 100,000 items), at the top or under a field. */
const hugeBody = fc
  .record({ items: fc.integer({ min: 1000, max: 100_000 }), item: fc.constantFrom('0', '[]', '[0]', '{}', '"x"', 'null'), field: fc.constantFrom(null, 'locations', 'rut') })
  .map(({ items, item, field }) => {
    const array = `[${new Array(items).fill(item).join(',')}]`;
    return field ? `{"${field}":${array}}` : array;
  });

/** A JSON body of exactly the route's limit, or one byte over it (which must get the Spanish 413). */
const limitBody = (limit: number) =>
  fc.constantFrom(0, 1).map((over) => {
    const frame = '{"name":""}';
    return `{"name":"${'x'.repeat(limit + over - frame.length)}"}`;
  });

/** A valid body cut, spliced or doubled: what a broken client or a proxy makes of one. */
function mutatedBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc
    .record({ value: valid, at: fc.nat(), op: fc.constantFrom('cut', 'insert', 'delete', 'double', 'bom', 'nul'), insert: fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', '\u0000', '\uFEFF', '\uD800', 'NaN', '1e999', '-0', '__proto__') })
    .map(({ value, at, op, insert }) => {
      const text = JSON.stringify(value) ?? 'null';
      const i = text.length ? at % text.length : 0;
      if (op === 'cut') return text.slice(0, i);
      if (op === 'insert') return text.slice(0, i) + insert + text.slice(i);
      if (op === 'delete') return text.slice(0, i) + text.slice(i + 1);
      if (op === 'double') return text + text;
      if (op === 'bom') return `\uFEFF${text}`;
      return text.slice(0, i) + '"\\u0000"' + text.slice(i);
    });
}

export interface FuzzTarget {
  server: TestServer;
  ownerToken: string;
  driverToken: string;
  samples: Samples;
  /** The demo fleet's code, its "Pedir un taxi" page switched on: the public request routes get past the fleet to their body. */
  fleetCode: string;
}

/** Signs in the demo owner and one demo driver that will be left alone (its id is not a sample). */
export async function prepareTarget(server: TestServer): Promise<FuzzTarget> {
  const ownerToken = await server.login();
  const free = await server.db
    .selectFrom('drivers as d')
    .select(['d.id', 'd.rut', 'd.current_vehicle_id'])
    .where('d.owner_id', '=', server.seed.ownerId)
    .where('d.is_active', '=', true)
    .where('d.current_vehicle_id', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('shifts as s').select('s.id').whereRef('s.driver_id', '=', 'd.id').where('s.end_time', 'is', null))))
    .orderBy('d.id', 'desc')
    .executeTakeFirstOrThrow();
  const { token: driverToken } = await driverLogin(server.url, free.rut);
  const ids = new Set<number>();
  for (const table of ['drivers', 'vehicles', 'shifts'] as const) {
    const rows = await server.db.selectFrom(table).select('id').orderBy('id').limit(6).execute();
    rows.forEach((row) => ids.add(row.id));
  }
  // Two webhook endpoints (ids 1 and 2, among the samples) so PUT, DELETE, Probar and the log meet real rows.
  for (let i = 0; i < 2; i += 1) {
    const row = await server.db
      .insertInto('webhook_endpoints')
      .values({ owner_id: server.seed.ownerId, url: `https://93.184.216.34/fuzz/${i}`, events: JSON.stringify(['alert.sos']), secret: 'whsec_fuzz' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.add(row.id);
  }
  ids.delete(free.id);
  if (free.current_vehicle_id !== null) ids.delete(free.current_vehicle_id);
  await server.db
    .insertInto('tracking_settings')
    // Requests wait on the board: whether a demo taxi is fresh enough to be offered one depends on how long the run took.
    .values({ owner_id: server.seed.ownerId, requests_enabled: true, requests_auto_offer: false })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ requests_enabled: true, requests_auto_offer: false }))
    .execute();
  const { fleet_code: fleetCode } = await server.db.selectFrom('owners').select('fleet_code').where('id', '=', server.seed.ownerId).executeTakeFirstOrThrow();
  return { server, ownerToken, driverToken, samples: { ids: [...ids] }, fleetCode };
}

function caseArbitrary(target: FuzzTarget): fc.Arbitrary<Case> {
  const routes = target.server.routes.filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD' && route.method !== 'OPTIONS');
  return fc.constantFrom(...routes).chain((route) => {
    const key = `${route.method} ${route.url}`;
    const segments = route.url.split('/');
    const params = segments.filter((segment) => segment.startsWith(':'));
    const schema = BODIES[key];
    const jsonBody = schema ? arbitraryFor(schema, target.samples) : wrongType;
    const body: fc.Arbitrary<Case['body']> =
      route.method === 'GET' || route.method === 'DELETE'
        ? fc.constant({ kind: 'none' as const })
        : fc.oneof(
            { weight: 8, arbitrary: jsonBody.map((value) => ({ kind: 'json' as const, value })) },
            { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
            {
              weight: 1,
              arbitrary: fc.record({
                kind: fc.constant('raw' as const),
                text: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{"rut": ', '[]', 'null', '"x"', '{"a":'.repeat(200), '{"__proto__":{"x":1}}')),
                type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
                family: fc.constant('raw' as const),
              }),
            },
            ...(['deep', 'huge', 'mutated', 'limit'] as const).map((family) => ({
              weight: 1,
              arbitrary: (family === 'deep' ? deepBody : family === 'huge' ? hugeBody : family === 'limit' ? limitBody(route.bodyLimit ?? BODY_LIMITS.default) : mutatedBody(jsonBody)).map((text) => ({
                kind: 'raw' as const,
                text,
                type: 'application/json',
                family,
                ...(family === 'limit' ? { limit: route.bodyLimit ?? BODY_LIMITS.default } : {}),
              })),
            })),
          );
    const query = QUERIES[key] ? arbitraryFor(QUERIES[key], target.samples) : fc.option(fc.dictionary(fc.constantFrom('driver_id', 'id', 'limit', 'x', 'query', 'time', 'after'), fc.oneof(wrongType, fc.constantFrom(...BAD_PARAMETER_VALUES)), { maxKeys: 2 }), { nil: undefined });
    const kind = route.url.startsWith('/api/driver/') && !route.url.endsWith('/login') ? 'driver' : route.url === '/api/auth/login' || route.url.startsWith('/api/health') || route.url.endsWith('/login') || route.url.startsWith('/api/public/') ? 'public' : 'owner';
    const token = kind === 'public' ? fc.constant(null) : fc.oneof({ weight: 9, arbitrary: fc.constant(kind === 'driver' ? target.driverToken : target.ownerToken) }, { weight: 1, arbitrary: fc.constantFrom('x', 'Bearer', 'eyJhbGciOiJub25lIn0.e30.') });
    // A fleet's code is mostly the real one, so the body behind it is what gets fuzzed.
    const valueFor = (param: string) => (param === ':fleetCode' ? fc.oneof({ weight: 3, arbitrary: fc.constant(target.fleetCode) }, { weight: 1, arbitrary: pathValue(target.samples) }) : pathValue(target.samples));
    return fc.record({ values: fc.tuple(...params.map(valueFor)), query, body, token }).map(({ values, query: q, body: b, token: t }) => {
      let url = route.url;
      params.forEach((param, i) => (url = url.replace(param, encodeURIComponent(values[i]))));
      return { method: route.method, url: `${url}${queryString(q)}`, token: t, body: b };
    });
  });
}

async function send(baseUrl: string, c: Case): Promise<{ status: number | 'dropped'; body: unknown }> {
  const headers: Record<string, string> = {};
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  let payload: string | undefined;
  if (c.body.kind === 'json') {
    payload = JSON.stringify(c.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body.kind === 'raw') {
    payload = c.body.text;
    headers['content-type'] = c.body.type;
  }
  try {
    const response = await fetch(`${baseUrl}${c.url}`, { method: c.method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text, which is no Spanish {error} either.
    }
    return { status: response.status, body };
  } catch (error) {
    return { status: 'dropped', body: String(error) };
  }
}

export async function fuzzApi(target: FuzzTarget, { runs, seed = 20261122, log }: { runs: number; seed?: number; log?: (line: string) => void }): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, byStatus: {}, serverErrors: 0, dropped: 0, notSpanish: 0, unexpectedChanges: 0, rowsChangedBy2xx: 0, bodies: {}, failures: [] };
  const cases = fc.sample(caseArbitrary(target), { numRuns: runs, seed });
  let before = await databaseSnapshot(target.server.db);
  for (const c of cases) {
    const answer = await send(target.server.url, c);
    const after = await databaseSnapshot(target.server.db);
    const request = `${c.method} ${c.url} ${c.body.kind === 'json' ? JSON.stringify(c.body.value)?.slice(0, 300) : c.body.kind === 'raw' ? `[${c.body.type}] ${c.body.text.slice(0, 100)}` : ''}`;
    const fail = (why: string) => report.failures.length < 50 && report.failures.push({ request, status: answer.status, body: answer.body, why });
    report.cases += 1;
    const family = c.body.kind === 'raw' ? c.body.family : c.body.kind;
    report.bodies[family] = (report.bodies[family] ?? 0) + 1;
    report.byStatus[String(answer.status)] = (report.byStatus[String(answer.status)] ?? 0) + 1;
    const changed = rowsChanged(before, after);
    if (answer.status === 'dropped') {
      report.dropped += 1;
      fail('conexión cortada');
    } else {
      if (answer.status >= 500) {
        report.serverErrors += 1;
        fail('500');
      }
      // One byte over the route's limit: the Spanish 413, unless refused before the body is read (the token, the rate).
      if (c.body.kind === 'raw' && c.body.limit !== undefined && Buffer.byteLength(c.body.text) > c.body.limit && ![413, 401, 403, 429].includes(answer.status)) fail('sobre el límite sin 413');
      if (answer.status >= 400 && !isSpanishError(answer.body)) {
        report.notSpanish += 1;
        fail('error sin {error} en español');
      }
      if (answer.status >= 200 && answer.status < 300 && c.method !== 'GET') report.rowsChangedBy2xx += changed;
      else if (changed) {
        report.unexpectedChanges += 1;
        fail(`${changed} filas cambiaron sin una escritura 2xx`);
      }
    }
    before = after;
    if (log && report.cases % 500 === 0) log(`${report.cases} casos: ${JSON.stringify(report.byStatus)}`);
  }
  return report;
}
