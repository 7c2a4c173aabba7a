/**
 * `npm run bench -- alerts` (issue 33): the zone lookup per position over 1,000 zones around La Ligua
 * (polygons of 10–40 vertices, circles of 200 m–3 km), the box index against a scan of every zone
 * (traccar's GeofenceUtil) in the same run; and a point posted by a phone to the alert on a desk's
 * socket, through the real server (PGlite); and the ingest rate with 1,000 zones on against none,
 * alternated in the same run. The load average is printed beside each figure.
 *
 * Ingest, zones on against off: the real server (PGlite, in this process) and two bulk fleets of
 * BENCH_ALERTS_TAXIS taxis each (default 5,000, as the issue asks), one with 1,000 zones around La
 * Ligua and one with none. Each round posts one point per taxi of one fleet through POST
 * /api/driver/locations (the one position service, so the events engine hears every point),
 * BENCH_ALERTS_CONNECTIONS (16) at a time; rounds alternate on, off, off, on... so a drift in the
 * machine's load favours neither. The engine works after the 202, so each round is followed by an
 * unmeasured wait until it has drained (the stored taxi states and alerts stop changing): otherwise
 * one arm's backlog would be paid by the next round. The time is bounded: rounds stop once
 * BENCH_ALERTS_MAX_SECONDS (600) have passed, after at least two. BENCH_ALERTS_PROFILE=1 writes a CPU
 * profile of the measured rounds, both arms (bench-alerts.cpuprofile) and prints where the time went.
 * Knobs: BENCH_ALERTS_TAXIS, BENCH_ALERTS_ROUNDS (6), BENCH_ALERTS_MAX_SECONDS, BENCH_ALERTS_PROFILE.
 */
import { performance } from 'node:perf_hooks';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { ZoneGeometry } from '../contract/alerts';
import { buildZoneIndex, type ZoneRecord } from '../server/modules/alerts/zones/zoneIndex';
import { loadAverage, roundSucceeded } from './stats';
import { freeDemoDrivers } from '../server/tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from '../server/tools/testing/http';
import { openOwnerSocket } from '../server/tools/testing/ownerSocket';
import { startTestServer, TEST_JWT_SECRET } from '../server/tools/testing/testServer';
import { createOnShiftFleet, type OnShiftFleet } from '../server/tools/testing/bulkFleet';
import { insertZones } from '../server/modules/alerts/zones/zonesRepo';
import { startServerProfile, type ServerProfiler } from './serverProfile';
import type { Kysely } from 'kysely';
import type { Database } from '../server/platform/db/schema';

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
  await ingestWithZones(Number(process.env.BENCH_ALERTS_TAXIS ?? 5000), Number(process.env.BENCH_ALERTS_ROUNDS ?? 6), Number(process.env.BENCH_ALERTS_CONNECTIONS ?? 16));
}

/** One point for each taxi of the fleet, `connections` requests at a time: points per second. */
async function postRound(url: string, fleet: OnShiftFleet, time: number, step: number): Promise<{ rate: number; errors: number }> {
  let next = 0;
  let errors = 0;
  const started = performance.now();
  async function worker() {
    while (next < fleet.drivers.length) {
      const i = next++;
      // Each taxi starts somewhere within 15 km of La Ligua and drives on up to ~70 m a round (±0.000625°) (a point a
      // few seconds apart at city speed): a few enter or leave a zone, as on a real day.
      const spot = (spots.get(fleet.drivers[i].id) ?? around(30_000)) as [number, number];
      const [lng, lat] = [spot[0] + (random() - 0.5) / 800, spot[1] + (random() - 0.5) / 800];
      spots.set(fleet.drivers[i].id, [lng, lat]);
      const answer = await fetch(`${url}/api/driver/locations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.drivers[i].token}` },
        body: JSON.stringify({ locations: [{ latitude: lat, longitude: lng, timestamp: new Date(time + step * 1000).toISOString(), speed: 10 }] }),
      });
      await answer.arrayBuffer();
      if (answer.status !== 202) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  return { rate: fleet.drivers.length / ((performance.now() - started) / 1000), errors };
}
let connections = 16;
/** Where each bench taxi is, by driver id. */
const spots = new Map<number, [number, number]>();

/** Waits until the events engine has drained: the stored states and alerts unchanged for half a second (a minute at most). */
async function drained(db: Kysely<Database>): Promise<number> {
  const started = performance.now();
  const read = async () => {
    const states = await db.selectFrom('alert_taxi_states').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')]).executeTakeFirstOrThrow();
    const alerts = await db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return `${states.n}:${String(states.at)}:${alerts.n}`;
  };
  let last = await read();
  while (performance.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await read();
    if (now === last) break;
    last = now;
  }
  return performance.now() - started;
}

/** The ingest rate with 1,000 zones on against none, alternated rounds, through the real server. */
export async function ingestWithZones(taxis: number, rounds: number, concurrency: number): Promise<void> {
  connections = concurrency;
  const server = await startTestServer();
  try {
    const zoned = await createOnShiftFleet(server.db, { drivers: taxis, jwtSecret: TEST_JWT_SECRET, rutBody: 31_000_000 });
    const bare = await createOnShiftFleet(server.db, { drivers: taxis, jwtSecret: TEST_JWT_SECRET, rutBody: 32_000_000 });
    await insertZones(
      server.db,
      zoned.ownerId,
      makeZones(1000).map((zone) => ({ name: zone.name, kind: 'otra', color: '#2563eb', geometry: zone.geometry, radius_m: zone.radiusM, speed_limit_kmh: null, dwell_minutes: null, active_hours: null })),
    );
    const time = Date.now();
    const benchStarted = performance.now();
    const maxMs = Number(process.env.BENCH_ALERTS_MAX_SECONDS ?? 600) * 1000;
    // Warm-up: every taxi's first point (the engine loads its state and raises the entries), unmeasured.
    await postRound(server.url, zoned, time, 0);
    await postRound(server.url, bare, time, 0);
    const warmDrain = await drained(server.db);
    console.log(`  calentamiento: ${2 * taxis} primeras posiciones, motor vaciado en ${(warmDrain / 1000).toFixed(1)} s · carga ${loadAverage()}`);
    const profiler: ServerProfiler | null = process.env.BENCH_ALERTS_PROFILE === '1' ? await startServerProfile() : null;
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      if (round >= 2 && performance.now() - benchStarted > maxMs) {
        console.log(`  (tiempo máximo de ${maxMs / 1000} s alcanzado tras ${round} rondas)`);
        break;
      }
      const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      const drains: string[] = [];
      for (const arm of order) {
        const result = await postRound(server.url, arm === 'on' ? zoned : bare, time, round + 1);
        if (!roundSucceeded(`ingesta con zonas ${arm}`, { errors: result.errors })) return;
        (arm === 'on' ? on : off).push(result.rate);
        const drainMs = await drained(server.db);
        drains.push(`${arm === 'on' ? 'con' : 'sin'} zonas ${(drainMs / 1000).toFixed(1)} s`);
      }
      console.log(`  ronda ${round + 1}: con zonas ${on[round].toFixed(0)} pos/s, sin zonas ${off[round].toFixed(0)} pos/s (${((on[round] / off[round]) * 100).toFixed(0)} %); vaciado ${drains.join(', ')} · carga ${loadAverage()}`);
    }
    if (profiler) await profiler.stop('bench-alerts.cpuprofile', 30);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ratios = on.map((rate, i) => rate / off[i]);
    const alerts = await server.db.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', zoned.ownerId).executeTakeFirstOrThrow();
    console.log(
      `Ingesta real con 1.000 zonas contra sin zonas (${taxis} taxis por flota, ${on.length} rondas alternadas): mediana ${median(on).toFixed(0)} contra ${median(off).toFixed(0)} pos/s, razón mediana ${(median(ratios) * 100).toFixed(0)} % (meta ≥ 90 %); ${Number(alerts.n)} alertas de zona generadas · carga ${loadAverage()}`,
    );
  } finally {
    await server.close();
  }
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
