/** The OSRM `table` client against a local stand-in answering OSRM's documented format, and the straight-line fallback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DISPATCH_DEFAULTS } from './settings';
import { estimateEtas, straightLineEta } from './eta';

const pickup = { latitude: -33.4372, longitude: -70.6506 };
const origins = [
  { latitude: -33.43, longitude: -70.65, distanceM: 800 },
  { latitude: -33.42, longitude: -70.64, distanceM: 2100 },
];
let standIn: Server;
let url: string;
const requests: string[] = [];
let answer: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

beforeAll(async () => {
  standIn = createServer((request, response) => {
    requests.push(request.url ?? '');
    const { status, body } = answer(request.url ?? '');
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => standIn.close(resolve)));

it('estimates by straight line × detour ÷ city speed without a routing engine', async () => {
  // 800 m × 1.4 = 1120 m at 25 km/h (6.94 m/s) = 161 s.
  expect(straightLineEta(800, DISPATCH_DEFAULTS)).toBe(161);
  expect(await estimateEtas(origins, pickup, DISPATCH_DEFAULTS)).toEqual([
    { etaS: 161, source: 'linea_recta' },
    { etaS: 423, source: 'linea_recta' },
  ]);
});

it("asks OSRM's table service once (taxis as sources, the pickup as destination) and uses its road durations", async () => {
  answer = () => ({ status: 200, body: { code: 'Ok', durations: [[245.3], [390.9]], sources: [], destinations: [] } });
  const etas = await estimateEtas(origins, pickup, { ...DISPATCH_DEFAULTS, routingUrl: url });
  expect(etas).toEqual([
    { etaS: 245, source: 'rutas' },
    { etaS: 391, source: 'rutas' },
  ]);
  expect(requests.at(-1)).toBe('/table/v1/driving/-70.650600,-33.437200;-70.650000,-33.430000;-70.640000,-33.420000?sources=1;2&destinations=0&annotations=duration');
});

it('falls back to the straight line for an unreachable pair, an error code, a 400, or a server that is down', async () => {
  answer = () => ({ status: 200, body: { code: 'Ok', durations: [[null], [300]] } });
  expect(await estimateEtas(origins, pickup, { ...DISPATCH_DEFAULTS, routingUrl: url })).toEqual([
    { etaS: 161, source: 'linea_recta' },
    { etaS: 300, source: 'rutas' },
  ]);
  answer = () => ({ status: 400, body: { code: 'InvalidQuery', message: 'Query string malformed' } });
  expect((await estimateEtas(origins, pickup, { ...DISPATCH_DEFAULTS, routingUrl: url })).map((e) => e.source)).toEqual(['linea_recta', 'linea_recta']);
  answer = () => ({ status: 200, body: { code: 'NoTable' } });
  expect((await estimateEtas(origins, pickup, { ...DISPATCH_DEFAULTS, routingUrl: url })).map((e) => e.source)).toEqual(['linea_recta', 'linea_recta']);
  const down = 'http://127.0.0.1:1';
  expect(await estimateEtas(origins, pickup, { ...DISPATCH_DEFAULTS, routingUrl: down })).toEqual(await estimateEtas(origins, pickup, DISPATCH_DEFAULTS));
});
