/**
 * `npm run bench -- alerts` (issue 33): the zone lookup per position over 1,000 zones around La Ligua
 * (polygons of 10–40 vertices, circles of 200 m–3 km), the box index against a scan of every zone
 * (traccar's GeofenceUtil) in the same run; and a point posted by a phone to the alert on a desk's
 * socket, through the real server (PGlite). The load average is printed beside each figure.
 */
import { performance } from 'node:perf_hooks';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { ZoneGeometry } from '../contract/alerts';
import { buildZoneIndex, type ZoneRecord } from '../server/modules/alerts/zones/zoneIndex';
import { loadAverage } from './stats';
import { freeDemoDrivers } from '../server/tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from '../server/tools/testing/http';
import { openOwnerSocket } from '../server/tools/testing/ownerSocket';
import { startTestServer } from '../server/tools/testing/testServer';

const CENTER = { lng: -71.2264, lat: -32.4519 };
const METRES = 111_320;
let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const around = (spreadM: number): [number, number] => [CENTER.lng + ((random() - 0.5) * spreadM) / (METRES * Math.cos((CENTER.lat * Math.PI) / 180)), CENTER.lat + ((random() - 0.5) * spreadM) / METRES];

function polygonAround([lng, lat]: [number, number], radiusM: number, vertices: number): ZoneGeometry {
  const ring: [number, number][] = [];
  for (let i = 0; i < vertices; i += 1) {
    const angle = (i / vertices) * 2 * Math.PI;
    const r = radiusM * (0.6 + 0.4 * random());
    ring.push([lng + (r * Math.cos(angle)) / (METRES * Math.cos((lat * Math.PI) / 180)), lat + (r * Math.sin(angle)) / METRES]);
  }
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

export function makeZones(count: number): ZoneRecord[] {
  return Array.from({ length: count }, (_, id): ZoneRecord => {
    const center = around(30_000);
    const radius = 200 + random() * 2800;
    const circle = id % 2 === 1;
    return {
      id: id + 1,
      name: `Zona ${id + 1}`,
      geometry: circle ? { type: 'Point', coordinates: center } : polygonAround(center, radius, 10 + Math.floor(random() * 31)),
      radiusM: circle ? radius : null,
      speedLimitKmh: null,
      dwellMinutes: null,
      activeMinutes: null,
    };
  });
}

/** The same answer by looking at every zone: the reference the index is raced against. */
function scan(zones: readonly ZoneRecord[], lng: number, lat: number): number {
  let hits = 0;
  for (const zone of zones) {
    if (zone.geometry.type === 'Point') {
      const x = (lng - zone.geometry.coordinates[0]) * METRES * Math.cos((zone.geometry.coordinates[1] * Math.PI) / 180);
      const y = (lat - zone.geometry.coordinates[1]) * METRES;
      if (x * x + y * y <= (zone.radiusM ?? 0) ** 2) hits += 1;
    } else if (booleanPointInPolygon([lng, lat], zone.geometry)) hits += 1;
  }
  return hits;
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p99: at(99) };
}

export async function run(): Promise<void> {
  const zones = makeZones(1000);
  const started = performance.now();
  const index = buildZoneIndex(zones);
  console.log(`Índice de 1.000 zonas construido en ${(performance.now() - started).toFixed(1)} ms`);
  const points = Array.from({ length: 20_000 }, () => around(30_000));
  // Alternated rounds, index then scan, so both see the same machine.
  const indexSamples: number[] = [];
  const scanSamples: number[] = [];
  let agree = 0;
  for (let round = 0; round < 4; round += 1) {
    for (const [lng, lat] of points) {
      const t0 = performance.now();
      const found = index.at(lng, lat).length;
      const t1 = performance.now();
      indexSamples.push(t1 - t0);
      if (round === 0) {
        const t2 = performance.now();
        const scanned = scan(zones, lng, lat);
        scanSamples.push(performance.now() - t2);
        if (scanned === found) agree += 1;
      }
    }
  }
  const indexed = percentiles(indexSamples);
  const scanned = percentiles(scanSamples);
  console.log(`Zona por posición (1.000 zonas, ${indexSamples.length} búsquedas): índice p50 ${us(indexed.p50)}, p99 ${us(indexed.p99)} (meta p99 ≤ 50 µs) · carga ${loadAverage()}`);
  console.log(`Misma búsqueda recorriendo cada zona (referencia, ${scanSamples.length}): p50 ${us(scanned.p50)}, p99 ${us(scanned.p99)}; coinciden ${agree} de ${points.length}`);
  if (agree !== points.length) throw new Error('El índice y el recorrido no dan las mismas zonas');
  await socketLatency(40);
}

/** A phone's point posted → the alert on a desk's socket, through the real server: a taxi stepping in and out of a zone. */
export async function socketLatency(rounds: number): Promise<void> {
  const server = await startTestServer();
  try {
    const desk = await server.login();
    const socket = await openOwnerSocket(server.url, { token: desk });
    await socket.join(server.seed.ownerId);
    const zone = await apiCall(server.url, '/api/zones', { token: desk, json: { name: 'Terminal', kind: 'terminal', color: '#dc2626', geometry: { type: 'Point', coordinates: [CENTER.lng, CENTER.lat] }, radius_m: 300 } });
    if (zone.status !== 201) throw new Error(`zona: ${zone.status}`);
    const [driver] = await freeDemoDrivers(server.db, server.seed.ownerId);
    const { token } = await driverLogin(server.url, driver.rut);
    await apiCall(server.url, '/api/driver/shifts/start', { token, json: {} });
    const samples: number[] = [];
    let time = Date.now();
    for (let i = 0; i < rounds; i += 1) {
      const seen = socket.events.length;
      time += 1000;
      const lat = i % 2 ? CENTER.lat + 0.01 : CENTER.lat;
      const t0 = performance.now();
      await apiCall(server.url, '/api/driver/locations', { token, json: { locations: [{ latitude: lat, longitude: CENTER.lng, timestamp: new Date(time).toISOString() }] } });
      await socket.waitFor((event) => event.event === 'alert_raised' && socket.events.indexOf(event) >= seen, 5000);
      samples.push(performance.now() - t0);
    }
    socket.close();
    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1];
    console.log(`Posición enviada → alerta en el socket del escritorio (${rounds}): p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (meta ≤ 500 ms) · carga ${loadAverage()}`);
  } finally {
    await server.close();
  }
}
