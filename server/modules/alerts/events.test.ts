/**
 * The events engine on scripted tracks, through the real server: a driver's phone posts points
 * (the one position service), the desk reads GET /api/alerts and hears alert_raised. Time is the
 * server's injectable clock, moved by the test (a long stop on board: minutes of points at one spot); a restart on the same database neither re-raises
 * nor misses an episode.
 */
import { randomUUID } from 'node:crypto';
import { buildServer, type FlotaServer } from '../../app';
import type { Alert } from '../../../contract/alerts';
import { manualClock } from '../../platform/clock';
import { loadConfig, type Config } from '../../platform/config';
import type { OpenDatabase } from '../../platform/db/client';
import { openTestPglite } from '../../tools/testing/pgliteTemplate';
import { ensureDemoDesk } from '../../tools/seed/demoDesk';
import { DEMO_OWNER_RUT, DEMO_PASSWORD, seedDemoFleet } from '../../tools/seed/demoFleet';
import { createBooking, freeDemoDrivers } from '../../tools/testing/dispatchFixtures';
import { apiCall, driverLogin } from '../../tools/testing/http';
import { openOwnerSocket, type OwnerSocket } from '../../tools/testing/ownerSocket';
import { TEST_JWT_SECRET } from '../../tools/testing/testServer';
import { ALERTS_DEFAULTS } from './settings';

const config: Config = {
  ...loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/nonexistent-flota-test', DIST_DIR: '/nonexistent-flota-dist' }),
  simulator: false,
  alerts: { ...ALERTS_DEFAULTS, speedLimitKmh: 100, speedingSeconds: 20, noSignalMinutes: 10, sweepMs: 50 },
};

let database: OpenDatabase;
let server: (FlotaServer & { url: string }) | null = null;
let ownerId: number;
let desk: string;
const clock = manualClock(new Date());

async function start() {
  const built = await buildServer(config, { db: database.db, dbKind: 'pglite', logger: false, clock, backgroundPasses: { alertsSweep: { startDelayMs: 0, recheckMs: 50, dutyCycle: 1 }, summaryBackfill: false, trailPacking: false } });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  server = { ...built, url: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
  return server;
}
const url = () => server!.url;

beforeAll(async () => {
  database = await openTestPglite();
  ownerId = (await seedDemoFleet(database.db, { now: new Date() })).ownerId;
  await ensureDemoDesk(database.db);
  // The demo fleet's own taxis on shift would go "sin señal" under the moved clock: only ours is on shift.
  await database.db.updateTable('shifts').set({ end_time: new Date() }).where('end_time', 'is', null).execute();
  await start();
  desk = (await apiCall(url(), '/api/auth/login', { json: { rut: DEMO_OWNER_RUT, password: DEMO_PASSWORD } })).body.token;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Metres east/north of a point in La Ligua, as [lng, lat]. */
const ORIGIN = { lat: -32.452, lng: -71.276 };
const at = (east: number, north: number): [number, number] => [ORIGIN.lng + east / (111_320 * Math.cos((ORIGIN.lat * Math.PI) / 180)), ORIGIN.lat + north / 111_320];
const square = (x0: number, y0: number, x1: number, y1: number) => ({ type: 'Polygon', coordinates: [[at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]] });

async function createZone(body: Record<string, unknown>) {
  const answer = await apiCall(url(), '/api/zones', { token: desk, json: { kind: 'paradero', color: '#16a34a', ...body } });
  expect(answer.status).toBe(201);
  return answer.body.zone as { id: number; name: string };
}

interface Taxi {
  token: string;
  shiftId: number;
  plate: string;
}
async function startTaxi(): Promise<Taxi> {
  // The shift service stamps the start with the system's time, and the test moves it to the clock's
  // just after. Tests move the clock minutes to an hour ahead: a sweep in between read the system's
  // stamp as that long without points ("no_signal", then "signal_back": seen in CI). The clock comes
  // back to the system's time first; earlier tests' taxis, their last points now ahead, raise nothing.
  const ahead = clock.now().getTime() - Date.now();
  if (ahead > 0) clock.advance(-ahead);
  const [driver] = await freeDemoDrivers(database.db, ownerId);
  const { token } = await driverLogin(url(), driver.rut);
  const started = await apiCall(url(), '/api/driver/shifts/start', { token, json: {} });
  expect(started.status).toBe(200);
  // The shift service stamps the start with the system's time; the sweep reads it against the moved clock.
  await database.db.updateTable('shifts').set({ start_time: clock.now() }).where('id', '=', started.body.shift.id).execute();
  const vehicle = await database.db.selectFrom('vehicles').select('plate_number').where('id', '=', started.body.shift.vehicle_id).executeTakeFirstOrThrow();
  return { token, shiftId: started.body.shift.id, plate: vehicle.plate_number };
}

/** One point `seconds` after the previous (the server's clock moves with it). */
async function drive(taxi: Taxi, [lng, lat]: [number, number], seconds: number, speed: number | null = null) {
  clock.advance(seconds * 1000);
  const posted = await apiCall(url(), '/api/driver/locations', { token: taxi.token, json: { locations: [{ latitude: lat, longitude: lng, timestamp: clock.now().toISOString(), speed }] } });
  expect(posted.status).toBe(202);
}

async function alertsOf(taxi: Taxi): Promise<Alert[]> {
  const answer = await apiCall(url(), '/api/alerts', { token: desk });
  return (answer.body.alerts as Alert[]).filter((alert) => alert.shift_id === taxi.shiftId).reverse();
}

/** Waits (bounded) until the taxi's alerts, oldest first, are `count` long; answers their kinds and titles. */
async function waitForAlerts(taxi: Taxi, count: number): Promise<Alert[]> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const alerts = await alertsOf(taxi);
    if (alerts.length >= count || Date.now() > deadline) return alerts;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const kinds = (alerts: Alert[]) => alerts.map((alert) => alert.kind);

describe('zones refuse bad shapes in Spanish and save nothing', () => {
  it.each([
    ['a self-intersecting polygon', { geometry: { type: 'Polygon', coordinates: [[at(0, 0), at(100, 100), at(100, 0), at(0, 100), at(0, 0)]] } }, 'El polígono se cruza consigo mismo'],
    ['a polygon with no area', { geometry: { type: 'Polygon', coordinates: [[at(0, 0), at(50, 0), at(100, 0), at(0, 0)]] } }, 'El polígono no encierra ningún área'],
    ['a circle of radius 0', { geometry: { type: 'Point', coordinates: at(0, 0) }, radius_m: 0 }, 'El radio del círculo debe ser mayor que 0'],
    ['too many vertices', { geometry: { type: 'Polygon', coordinates: [[...Array.from({ length: 501 }, (_, i) => at(100 * Math.cos(i / 80), 100 * Math.sin(i / 80))), at(100, 0)]] } }, 'El polígono no puede tener más de 500 vértices'],
  ])('%s', async (_name, body, message) => {
    const before = await apiCall(url(), '/api/zones', { token: desk });
    const answer = await apiCall(url(), '/api/zones', { token: desk, json: { name: 'Mala', kind: 'otra', color: '#000000', ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    expect((await apiCall(url(), '/api/zones', { token: desk })).body.zones).toEqual(before.body.zones);
  });

  it('imports a GeoJSON file whole or not at all: one bad zone refuses the file, naming the zone in Spanish, and saves none', async () => {
    const before = await apiCall(url(), '/api/zones', { token: desk });
    const good = { type: 'Feature', geometry: { type: 'Point', coordinates: at(3000, 3000) }, properties: { name: 'Buena', radius_m: 200 } };
    const bowtie = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[at(0, 0), at(100, 100), at(100, 0), at(0, 100), at(0, 0)]] }, properties: { name: 'Cruzada' } };
    const refused = await apiCall(url(), '/api/zones/import', { token: desk, json: { type: 'FeatureCollection', features: [good, bowtie] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Zona 2: El polígono se cruza consigo mismo');
    expect((await apiCall(url(), '/api/zones', { token: desk })).body.zones).toEqual(before.body.zones);

    const imported = await apiCall(url(), '/api/zones/import', { token: desk, json: { type: 'FeatureCollection', features: [{ ...good, properties: { name: 'Terminal importada', kind: 'terminal', radius_m: 250 } }] } });
    expect(imported.status).toBe(201);
    expect(imported.body.zones).toEqual([expect.objectContaining({ name: 'Terminal importada', kind: 'terminal', radius_m: 250 })]);
    await apiCall(url(), `/api/zones/${imported.body.zones[0].id}`, { method: 'DELETE', token: desk });
  });

  it('round-trips through GeoJSON: an export imports as the same zones', async () => {
    const circle = await createZone({ name: 'Terminal circular', kind: 'terminal', geometry: { type: 'Point', coordinates: at(5000, 5000) }, radius_m: 300 });
    const exported = await apiCall(url(), '/api/zones/export', { token: desk });
    const feature = exported.body.features.find((f: { properties: { name: string } }) => f.properties.name === circle.name);
    expect(feature).toMatchObject({ geometry: { type: 'Point' }, properties: { radius_m: 300, kind: 'terminal' } });
    const imported = await apiCall(url(), '/api/zones/import', { token: desk, json: { type: 'FeatureCollection', features: [feature] } });
    expect(imported.status).toBe(201);
    expect(imported.body.zones[0]).toMatchObject({ name: circle.name, kind: 'terminal', radius_m: 300 });
    await apiCall(url(), `/api/zones/${imported.body.zones[0].id}`, { method: 'DELETE', token: desk });
    await apiCall(url(), `/api/zones/${circle.id}`, { method: 'DELETE', token: desk });
  });
});

describe('a taxi driving through zones', () => {
  let socket: OwnerSocket;
  beforeAll(async () => {
    socket = await openOwnerSocket(url(), { token: desk });
    await socket.join(ownerId);
  });
  afterAll(() => socket.close());

  it('enters, dwells, leaves and crosses; a restart on the same database neither re-raises nor misses', async () => {
    const paradero = await createZone({ name: 'Paradero Plaza', geometry: square(0, 0, 200, 200), dwell_minutes: 2 });
    const thin = await createZone({ name: 'Franja restringida', kind: 'zona_restringida', geometry: square(1000, -500, 1020, 500) });
    const taxi = await startTaxi();

    await drive(taxi, at(-300, 100), 5);
    await drive(taxi, at(100, 100), 30);
    const entered = await waitForAlerts(taxi, 1);
    expect(entered.map((a) => a.title)).toEqual([`${taxi.plate} entró a Paradero Plaza`]);
    expect(entered[0]).toMatchObject({ kind: 'zone_enter', zone: { id: paradero.id, name: 'Paradero Plaza' }, acknowledged: null });
    await socket.waitFor((e) => e.event === 'alert_raised' && (e.payload as { alert: Alert }).alert.id === entered[0].id);

    // The server stops with the taxi inside and starts again: the visit goes on from the stored state.
    await server!.close();
    await start();
    await drive(taxi, at(120, 100), 60);
    await drive(taxi, at(110, 110), 70); // 2 min 10 s inside: past the zone's 2 minutes
    await drive(taxi, at(500, 100), 30);
    // Both ends outside the thin strip, the segment through it.
    await drive(taxi, at(1500, 0), 30);
    const all = await waitForAlerts(taxi, 4);
    expect(kinds(all)).toEqual(['zone_enter', 'zone_dwell', 'zone_exit', 'zone_crossing']);
    expect(all.map((a) => a.title)).toEqual([
      `${taxi.plate} entró a Paradero Plaza`,
      `${taxi.plate} lleva 2 min en Paradero Plaza`,
      `${taxi.plate} salió de Paradero Plaza`,
      `${taxi.plate} cruzó Franja restringida entre dos posiciones`,
    ]);
    expect(all[3].zone).toEqual({ id: thin.id, name: 'Franja restringida' });
    // Nothing more arrives late.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kinds(await alertsOf(taxi))).toEqual(['zone_enter', 'zone_dwell', 'zone_exit', 'zone_crossing']);
    await apiCall(url(), '/api/driver/shifts/end', { token: taxi.token, json: {} });
  });

  it('raises speeding once per episode, held for 20 s, with the top speed reached', async () => {
    // The restart above closed the first socket.
    socket.close();
    socket = await openOwnerSocket(url(), { token: desk });
    await socket.join(ownerId);
    const taxi = await startTaxi();
    await drive(taxi, at(3000, 3000), 5, 20);
    await drive(taxi, at(3300, 3000), 10, 30); // 108 km/h: the episode begins
    await drive(taxi, at(3600, 3000), 10, 33); // 10 s: not yet
    expect(kinds(await alertsOf(taxi))).toEqual([]);
    await drive(taxi, at(3900, 3000), 10, 31); // 20 s above the limit
    const [speeding] = await waitForAlerts(taxi, 1);
    expect(speeding).toMatchObject({ kind: 'speeding', title: `${taxi.plate} a 119 km/h (límite 100 km/h)` });
    await drive(taxi, at(4200, 3000), 10, 36); // faster still, same episode
    await drive(taxi, at(4300, 3000), 10, 15); // below: the episode ends with its top
    const changed = await socket.waitFor((e) => e.event === 'alert_changed' && (e.payload as { alert: Alert }).alert.id === speeding.id);
    expect((changed.payload as { alert: Alert }).alert.position?.speed_kmh).toBeCloseTo(129.6, 1);
    expect(kinds(await alertsOf(taxi))).toEqual(['speeding']);
    await apiCall(url(), '/api/driver/shifts/end', { token: taxi.token, json: {} });
  });

  it('says "sin señal" after 10 minutes without points on shift, once, and the return when a point arrives', async () => {
    const taxi = await startTaxi();
    await drive(taxi, at(8000, 8000), 5);
    clock.advance(9 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kinds(await alertsOf(taxi))).toEqual([]);
    clock.advance(2 * 60_000);
    const [silent] = await waitForAlerts(taxi, 1);
    expect(silent).toMatchObject({ kind: 'no_signal', title: `${taxi.plate} sin señal` });
    // More sweeps pass: still one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kinds(await alertsOf(taxi))).toEqual(['no_signal']);
    await drive(taxi, at(8010, 8000), 1);
    expect(kinds(await waitForAlerts(taxi, 2))).toEqual(['no_signal', 'signal_back']);
    await apiCall(url(), '/api/driver/shifts/end', { token: taxi.token, json: {} });
  });
});

describe('a booking nobody accepted', () => {
  it('reaches the inbox when the booking returns to the board with no taxi to take it', async () => {
    // Central Santiago: no taxi of the demo fleet is near, so the offer finds no candidate.
    const booking = await createBooking(url(), desk);
    const offered = await apiCall(url(), `/api/dispatch/bookings/${booking}/offer`, { token: desk, json: {} });
    expect(offered.body.booking).toMatchObject({ status: 'pendiente', needs_attention: true });
    const deadline = Date.now() + 8000;
    let found: Alert | undefined;
    while (!found && Date.now() < deadline) {
      found = ((await apiCall(url(), '/api/alerts?kind=booking_unaccepted', { token: desk })).body.alerts as Alert[]).find((a) => a.title.startsWith(`Reserva #${booking} sin aceptar`));
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found).toMatchObject({ kind: 'booking_unaccepted', detail: 'No había taxis libres cerca para ofrecerla.' });
  });
});

describe('Reconocer and SOS', () => {
  it('acknowledges once for everyone, with the note in Actividad; a second press is told who did', async () => {
    const taxi = await startTaxi();
    await drive(taxi, at(20_000, 0), 1);
    // A webhook the fleet set up for SOS (a public address literal: saved without WEBHOOKS_ALLOW_PRIVATE).
    const hook = await apiCall(url(), '/api/webhooks', { token: desk, json: { url: 'https://93.184.216.34/flota-sos', events: ['alert.sos'] } });
    expect(hook.status).toBe(201);
    const sent = await apiCall(url(), '/api/driver/sos', { token: taxi.token, json: { client_id: randomUUID(), latitude: -32.45, longitude: -71.25, timestamp: clock.now().toISOString() } });
    expect(sent.status).toBe(201);
    expect(sent.body.sos).toMatchObject({ acknowledged_at: null });
    // By kind: under load the sweep may first see the new shift as silent, before its start is moved to the test's clock.
    let sos: Alert | undefined;
    for (const deadline = Date.now() + 8000; !sos && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) sos = (await alertsOf(taxi)).find((alert) => alert.kind === 'sos');
    if (!sos) throw new Error('no SOS alert');
    expect(sos).toMatchObject({ kind: 'sos', position: { latitude: -32.45, longitude: -71.25 }, vehicle: { plate: taxi.plate } });
    expect(sos.driver?.name).toBeTruthy();
    // The alert reached the notifications' outbox in its own transaction: one delivery, signed for that endpoint.
    const outbox = await database.db.selectFrom('notification_outbox').select(['endpoint_id', 'event_type', 'body']).where('event_type', '=', 'alert.sos').execute();
    const delivery = outbox.filter((row) => row.endpoint_id === hook.body.endpoint.id);
    expect(delivery).toHaveLength(1);
    expect(JSON.parse(delivery[0].body)).toMatchObject({ type: 'alert.sos', data: { alert: { id: String(sos.id), kind: 'sos' } } });
    expect((await apiCall(url(), '/api/alerts/summary', { token: desk })).body.open_sos).toBeGreaterThanOrEqual(1);

    const ack = await apiCall(url(), `/api/alerts/${sos.id}/acknowledge`, { token: desk, json: { note: 'Llamé al conductor' } });
    expect(ack.status).toBe(200);
    expect(ack.body.alert.acknowledged).toMatchObject({ note: 'Llamé al conductor' });
    const again = await apiCall(url(), `/api/alerts/${sos.id}/acknowledge`, { token: desk, json: {} });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/ya reconoció esta alerta$/);
    expect((await apiCall(url(), '/api/driver/sos', { token: taxi.token })).body.sos).toMatchObject({ id: sos.id, acknowledged_at: expect.any(String) });
    const activity = await apiCall(url(), '/api/activity?entity=alert', { token: desk });
    expect(activity.body.entries[0]).toMatchObject({ action: 'acknowledged', entity_id: sos.id, changes: { nota: { before: null, after: 'Llamé al conductor' } } });
  });

  it('counts an SOS sent twice (queued offline, retried) once', async () => {
    const taxi = await startTaxi();
    await drive(taxi, at(21_000, 0), 1);
    const body = { client_id: randomUUID(), latitude: null, longitude: null, timestamp: clock.now().toISOString() };
    const first = await apiCall(url(), '/api/driver/sos', { token: taxi.token, json: body });
    const second = await apiCall(url(), '/api/driver/sos', { token: taxi.token, json: body });
    expect(second.body.sos.id).toBe(first.body.sos.id);
    const alerts = await alertsOf(taxi);
    expect(kinds(alerts)).toEqual(['sos']);
    // Sent without a fix: the desk sees the taxi's last position.
    expect(alerts[0].position?.latitude).toBeCloseTo(at(21_000, 0)[1], 5);
    expect(alerts[0].position?.longitude).toBeCloseTo(at(21_000, 0)[0], 5);
  });
});

describe('a long stop during a trip', () => {

  /** A point at the same spot every minute for `minutes` minutes. */
  async function stayFor(taxi: Taxi, spot: [number, number], minutes: number) {
    for (let i = 0; i < minutes; i += 1) await drive(taxi, spot, 60);
  }

  it('is raised once when the taxi stands still 15 min with a passenger on board, and never without one', async () => {
    const taxi = await startTaxi();
    const { driver_id: driverId } = await database.db.selectFrom('shifts').select('driver_id').where('id', '=', taxi.shiftId).executeTakeFirstOrThrow();
    // Waiting 20 min at a stop with no trip is a taxi's ordinary day: nothing.
    await drive(taxi, at(30_000, 0), 1);
    await stayFor(taxi, at(30_000, 0), 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kinds(await alertsOf(taxi))).toEqual([]);

    const booking = await createBooking(url(), desk);
    expect((await apiCall(url(), `/api/dispatch/bookings/${booking}/assign`, { token: desk, json: { driver_id: driverId } })).status).toBe(200);
    expect((await apiCall(url(), `/api/driver/trips/${booking}/arrived`, { token: taxi.token, json: {} })).status).toBe(200);
    expect((await apiCall(url(), `/api/driver/trips/${booking}/onboard`, { token: taxi.token, json: {} })).status).toBe(200);

    // On board: it drives away, then stands still. 14 min is not yet long.
    await drive(taxi, at(31_000, 0), 60, 15);
    await stayFor(taxi, at(31_000, 0), 14);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kinds(await alertsOf(taxi))).toEqual([]);
    await stayFor(taxi, at(31_000, 0), 1);
    const [stopped] = await waitForAlerts(taxi, 1);
    expect(stopped).toMatchObject({ kind: 'long_stop', title: `${taxi.plate} detenido 15 min durante un viaje` });
    expect(stopped.position).toMatchObject({ latitude: expect.closeTo(at(31_000, 0)[1], 4), longitude: expect.closeTo(at(31_000, 0)[0], 4) });
    // Still standing there: the same episode, not a new alert.
    await stayFor(taxi, at(31_000, 0), 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kinds(await alertsOf(taxi))).toEqual(['long_stop']);

    // It moves on and stops again for 15 min on the same trip: a second episode.
    await drive(taxi, at(32_000, 0), 60, 15);
    await stayFor(taxi, at(32_000, 0), 15);
    expect(kinds(await waitForAlerts(taxi, 2))).toEqual(['long_stop', 'long_stop']);
    expect((await apiCall(url(), `/api/driver/trips/${booking}/finish`, { token: taxi.token, json: {} })).status).toBe(200);
    await apiCall(url(), '/api/driver/shifts/end', { token: taxi.token, json: {} });
  });
});
