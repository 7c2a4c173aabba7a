/**
 * /osmand has a per-address limit (OSMAND_REQUESTS_PER_MINUTE): past it, 429 with Retry-After and a
 * Spanish text, on the main port and on OSMAND_PORT; the rest of the server is not held back.
 */
import { startTestServer, type TestServer } from '../../tools/testing/testServer';
import { OsmandRateMessages } from './osmandRateLimit';

const LIMIT = 60;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ osmandRequestsPerMinute: LIMIT, osmandPort: 0 });
}, 180_000);
afterAll(() => server?.close());

const unknownDevice = (base: string, path: string, i: number) => fetch(`${base}${path}?id=ffffffffffffffffffffffffffff${String(i).padStart(4, '0')}&lat=-33.4&lon=-70.6`);

it.each([
  ['/osmand on the main port', () => server.url, '/osmand'],
  ['/ on OSMAND_PORT', () => server.osmandUrl as string, '/'],
])('%s: the first requests are answered, the one past the limit is 429 with Retry-After', async (_name, base, path) => {
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT; i += 1) statuses.push((await unknownDevice(base(), path, i)).status);
  expect(new Set(statuses)).toEqual(new Set([404]));
  const refused = await unknownDevice(base(), path, LIMIT);
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await refused.json()).toEqual({ error: OsmandRateMessages.tooManyRequests });
}, 60_000);

it('holds back only /osmand: the API still answers the same address', async () => {
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  expect((await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
});
