/**
 * Three Flota processes on one PostgreSQL and one Redis (REDIS_URL: socket.io's Redis Streams adapter,
 * the engine the 10,000-taxi fan-out figure picked, docs/scaling.md) behind Debian's nginx running
 * deploy/nginx/flota.conf (all started here): a desk on one process sees a phone that posts to another; then, under the
 * simulator's load and a counted stream of points, the process holding the desk and the background
 * work is killed with -9. Every point answered 202 is stored; the desk reconnects through nginx to a
 * survivor and resyncs (a point posted while it was away shows); the offer that was pending expires
 * and passes on to the next taxi (the dispatch sweep, background work); and the background leader
 * is another process.
 *
 * Before that, the bodies the product accepts pass nginx (issue 45): the desk uploads a 4 MB scan
 * and imports a 3 MB zone file in the browser; the largest zone set a fleet may hold (1,000 zones of
 * 500 vertices, 12.6 MB) is imported and its export is that same set; bodies over a limit get a
 * Spanish 413, Flota's own or nginx's. After the kill, with every process down, nginx answers in
 * Spanish itself: JSON for the API, a page for the browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { Booking, Shift } from '../contract/api';
import type { ZoneCollection } from '../contract/alerts';
import { BODY_LIMITS } from '../contract/bodyLimits';
import { openPostgres } from '../server/platform/db/client';
import { createSecondOwner, SECOND_OWNER } from '../server/tools/testing/testServer';
import { FAR_FROM_EVERY_TAXI, zoneSet } from '../server/tools/testing/zoneSets';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, demoDriverRuts } from '../server/tools/seed/demoFleet';
import { startSimulator, type Simulator } from '../server/tools/simulator/runner';
import { startOwnPostgres, type OwnPostgres } from '../server/tools/testing/ownPostgres';
import { startOwnRedis, type OwnRedis } from '../server/tools/testing/ownRedis';
import { storedTimes } from '../server/tools/testing/killUnderLoad';
import { apiDriverOnShift, createDriver, deskToken, Leftovers, north, PAPUDO, person, type Person } from './support/dispatch';
import { startNginx, type RunningNginx } from './support/nginx';
import { logIn, screenshotPath } from './support/session';
import { workerPorts } from './support/ports';
import { spawnServer, type SpawnedServer } from './support/spawnedServer';

/** Eight ports of the worker's range (support/ports.ts): three processes, one tile server, nginx HTTP and HTTPS, PostgreSQL, Redis. */
const BASE = workerPorts().extra;
const PORTS = { flota: [BASE, BASE + 1, BASE + 2], tiles: BASE + 3, http: BASE + 4, https: BASE + 5, postgres: BASE + 6, redis: BASE + 7 };
const HTTPS_URL = `https://127.0.0.1:${PORTS.https}`;
const METRICS_TOKEN = 'tres-procesos-metricas-0123456789';
const SECRET = 'tres-procesos-secreto-0123456789-0123456789';
/** Offers last 10 s (as in the other journeys): the one pending at the kill runs out soon after. */
const OFFER_SECONDS = 10;

const clock = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'America/Santiago' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: OwnPostgres;
let redis: OwnRedis;
let nginx: RunningNginx;
const dataDirs: string[] = [];
const servers: SpawnedServer[] = [];

test.use({ baseURL: HTTPS_URL, ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startOwnPostgres(PORTS.postgres);
  redis = await startOwnRedis(PORTS.redis);
  const start = (i: number) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `flota-e2e-three-${i}-`));
    dataDirs.push(dataDir);
    return spawnServer({
      port: PORTS.flota[i],
      tilePort: PORTS.tiles,
      dataDir,
      // One tile server for all (the third process's, which stays up): every process names the same in its CSP and config.json.
      env: { ...(i !== 2 ? { E2E_TILE_URL: `http://127.0.0.1:${PORTS.tiles}/{z}/{x}/{y}.png` } : {}), DATABASE_URL: postgres.url, REDIS_URL: redis.url, JWT_SECRET: SECRET, METRICS_TOKEN, TRUST_PROXY: '127.0.0.4', DISPATCH_OFFER_SECONDS: String(OFFER_SECONDS), LOG_LEVEL: 'warn' },
    });
  };
  // The first one migrates, seeds the demo fleet and takes the background work; the others join it.
  servers.push(await start(0));
  servers.push(...(await Promise.all([start(1), start(2)])));
  nginx = await startNginx({ flota: PORTS.flota, http: PORTS.http, https: PORTS.https });
});

test.afterAll(async () => {
  await nginx?.stop();
  for (const server of servers) await server.stop().catch(() => undefined);
  await postgres?.remove();
  await redis?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** One process's Prometheus sample (its own port, as Prometheus scrapes it); null when it does not answer. */
async function metric(server: SpawnedServer, series: string): Promise<number | null> {
  const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
  if (!answer?.ok) return null;
  const line = (await answer.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

const leaders = () => Promise.all(servers.map((server) => metric(server, 'flota_background_leader')));
const socketsOn = () => Promise.all(servers.map((server) => metric(server, 'flota_sockets_connected')));

/** Points from drivers of the test's own through nginx, each batch of 2 one millisecond apart: what got a 202, by shift. */
function countedStream(drivers: { token: string; shiftId: number }[]) {
  const acked = new Map<number, string[]>();
  const statuses = new Map<number, number>();
  let running = true;
  let stamp = Date.now();
  const loop = async (driver: { token: string; shiftId: number }) => {
    while (running) {
      const locations = [0, 1].map(() => ({ latitude: -33.45, longitude: -70.66, timestamp: new Date(++stamp).toISOString() }));
      const answer = await fetch(`${nginx.httpUrl}/api/driver/locations`, { method: 'POST', headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ locations }) }).then(
        (response) => response.status,
        () => 0,
      );
      statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
      if (answer === 202) acked.set(driver.shiftId, [...(acked.get(driver.shiftId) ?? []), ...locations.map((l) => l.timestamp)]);
      await sleep(200);
    }
  };
  const loops = drivers.map(loop);
  return {
    acked,
    statuses,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Signs a driver in through nginx and starts a shift: the token and shift the stream posts with. */
async function streamDriver(request: APIRequestContext, who: Person) {
  const login = await request.post('/api/driver/login', { data: { fleet_code: DEMO_FLEET_CODE, rut: who.rut, password: who.password } });
  const { token } = (await login.json()) as { token: string };
  const started = await request.post('/api/driver/shifts/start', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(started.ok()).toBe(true);
  return { token, shiftId: ((await started.json()) as { shift: { id: number } }).shift.id };
}

/** The desk on the live map, reloaded until its socket is on `wanted` (nginx spreads WebSockets at random). */
async function deskOn(page: Page, wanted: number): Promise<void> {
  await logIn(page);
  await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
  for (let attempt = 0; attempt < 12; attempt++) {
    await expect(page.getByRole('heading', { name: 'Mapa en Vivo' })).toBeVisible();
    await expect.poll(async () => (await socketsOn()).reduce((sum: number, n) => sum + (n ?? 0), 0)).toBe(1);
    if ((await socketsOn())[wanted] === 1) return;
    await page.reload();
  }
  throw new Error(`the desk's socket never reached process ${wanted}`);
}

/** A PDF of `bytes` bytes: its signature, then blanks. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);
const MB = 1024 * 1024;

test('through nginx: a 4 MB scan and a 3 MB zone file from the desk, the largest zone set and its export, and every refusal in Spanish', async ({ page, request }) => {
  test.setTimeout(300_000);
  const desk = await deskToken(request);
  const headers = { authorization: `Bearer ${desk}` };
  const started = Date.now();
  const took: string[] = [];
  const lap = (what: string) => took.push(`${what} ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // A 4 MB scan of a taxi's revisión técnica, from its card.
  const { vehicles } = (await (await request.get('/api/vehicles', { headers })).json()) as { vehicles: { id: number; plate_number: string }[] };
  const plate = vehicles[0].plate_number;
  await logIn(page);
  await page.goto('/dashboard/vehicles');
  await page.getByRole('list', { name: 'Vehículos' }).getByRole('listitem').filter({ hasText: plate }).getByRole('button', { name: `Documentos de ${plate}` }).click();
  const dialog = page.getByRole('dialog', { name: `Documentos de ${plate}` });
  await dialog.getByLabel('Tipo').selectOption({ label: 'Revisión técnica' });
  await dialog.getByLabel('Número o folio').fill('RT-NGINX-4MB');
  await dialog.getByLabel('Vencimiento').fill('30/06/2027');
  await dialog.getByLabel(/Archivo escaneado/).setInputFiles({ name: 'revision-4mb.pdf', mimeType: 'application/pdf', buffer: pdfOf(4 * MB) });
  await dialog.getByRole('button', { name: 'Guardar documento' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Revisión técnica guardado', { timeout: 60_000 });
  const { documents } = (await (await request.get(`/api/documents?vehicle_id=${vehicles[0].id}`, { headers })).json()) as { documents: { number: string | null; file: { size_bytes: number } | null }[] };
  expect(documents.find((d) => d.number === 'RT-NGINX-4MB')?.file?.size_bytes).toBe(4 * MB);
  lap('4 MB scan');
  await page.screenshot({ path: screenshotPath('three-servers-document-4mb') });
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

  // A 3 MB GeoJSON file of 270 zones, where no taxi of this test goes.
  const file = JSON.stringify(zoneSet(270, 500, FAR_FROM_EVERY_TAXI));
  expect(file.length).toBeGreaterThan(3 * MB);
  await page.getByRole('link', { name: 'Zonas' }).click();
  await page.getByLabel('Archivo GeoJSON de zonas').setInputFiles({ name: 'zonas-3mb.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(file) });
  await expect(page.getByText('270 zonas importadas.')).toBeVisible({ timeout: 60_000 });
  lap('3 MB zones');
  await page.screenshot({ path: screenshotPath('three-servers-zones-3mb') });

  // The largest set a fleet may hold, in a fleet of its own: the route takes it, and the fleet's
  // export of it is that very set (so it is a body this route takes; zonesRoundTrip.test.ts imports one back).
  const database = await openPostgres(postgres.url);
  await createSecondOwner(database.db).finally(() => database.close());
  const login = await request.post('/api/auth/login', { data: { rut: SECOND_OWNER.rut, password: SECOND_OWNER.password } });
  const other = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const largest = zoneSet(1000, 500, FAR_FROM_EVERY_TAXI);
  const imported = await request.post('/api/zones/import', { headers: other, data: largest, timeout: 180_000 });
  expect(imported.status(), (await imported.text()).slice(0, 200)).toBe(201);
  lap('largest set imported');
  const exported = await request.get('/api/zones/export', { headers: other, timeout: 120_000 });
  const exportedText = await exported.text();
  expect(JSON.parse(exportedText) as ZoneCollection).toEqual(largest);
  lap('exported');
  console.info(`the largest zone set through nginx: ${(JSON.stringify(largest).length / MB).toFixed(1)} MB imported, its export ${(exportedText.length / MB).toFixed(1)} MB; ${took.join(', ')}`);

  // One byte past Flota's limit: Flota's Spanish 413 (its answers carry its CSP); past nginx's: nginx's, the same words.
  const tooLarge = { error: 'La solicitud es demasiado grande' };
  const pastFlota = await request.post('/api/zones/import', { headers: { ...other, 'content-type': 'application/json' }, data: Buffer.alloc(BODY_LIMITS.zonesImport + 1, 0x20) });
  expect([pastFlota.status(), await pastFlota.json(), Boolean(pastFlota.headers()['content-security-policy'])]).toEqual([413, tooLarge, true]);
  const pastNginx = await request.post('/api/zones/import', { headers: { ...other, 'content-type': 'application/json' }, data: Buffer.alloc(BODY_LIMITS.zonesImport + MB + 1, 0x20) });
  expect([pastNginx.status(), await pastNginx.json(), Boolean(pastNginx.headers()['content-security-policy'])]).toEqual([413, tooLarge, false]);
  const scanPastNginx = await request.put('/api/documents/1/file', { headers: { ...headers, 'content-type': 'application/pdf' }, data: pdfOf(BODY_LIMITS.documentFile + MB + 1) });
  expect([scanPastNginx.status(), await scanPastNginx.json()]).toEqual([413, tooLarge]);
});

test('three processes behind nginx: one killed with -9 under load loses no acknowledged point, and the desk, the offer and the background work carry on', async ({ page, request }) => {
  test.setTimeout(240_000);
  // Whatever it creates lives in this test's own database, removed with it.
  const leftovers = new Leftovers();
  // The first process leads the background work, the others wait.
  await expect.poll(leaders).toEqual([1, 0, 0]);
  const [a, b, c] = servers;

  // Load: the simulator moves 16 demo taxis at 1 Hz through nginx; 4 drivers of the test's own stream counted points.
  const simulator: Simulator = startSimulator({ url: nginx.httpUrl, fleetCode: DEMO_FLEET_CODE, ruts: demoDriverRuts().slice(0, 16), password: DEMO_PASSWORD, rate: 1, reportEverySeconds: 0, log: () => undefined });
  const streamers: Person[] = [0, 1, 2, 3].map((i) => person('Flujo', `Contado ${i}`, 40 + i));
  for (const [i, who] of streamers.entries()) await createDriver(request, leftovers, who, `TR${4100 + i}`);
  const stream = countedStream(await Promise.all(streamers.map((who) => streamDriver(request, who))));

  // Two taxis near Papudo for the offer: the nearer gets it first.
  const first = person('Primera', 'Oferta', 50);
  const second = person('Segunda', 'Oferta', 51);
  await createDriver(request, leftovers, first, 'TR4150');
  await createDriver(request, leftovers, second, 'TR4151');
  const firstTaxi = await apiDriverOnShift(request, first);
  const secondTaxi = await apiDriverOnShift(request, second);
  await firstTaxi.at(north(PAPUDO, 200));
  await secondTaxi.at(north(PAPUDO, 400));
  expect(await simulator.ready).toBe(16);

  // A desk whose socket is on the leader, a, through nginx (WebSocket, not long-polling).
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await deskOn(page, 0);
  expect(sockets.some((url) => url.startsWith(`wss://127.0.0.1:${PORTS.https}/socket.io/`) && url.includes('transport=websocket'))).toBe(true);
  const desk = await deskToken(request);
  const headers = { authorization: `Bearer ${desk}` };
  const activeShifts = async () => ((await (await request.get('/api/shifts/active', { headers })).json()) as { shifts: Shift[] }).shifts;
  const isShiftOf = (who: Person) => (shift: Shift) => shift.first_name === who.first_name && shift.last_name === who.last_name;
  const taxi = (await activeShifts()).find(isShiftOf(first)) as Shift;
  // The list is virtual: find the taxi by its plate, then open its popup.
  await page.getByRole('searchbox', { name: 'Buscar por número, nombre o patente' }).fill('TR4150');
  await page.getByRole('button', { name: new RegExp(`${first.first_name} ${first.last_name}`) }).click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toContainText(`${first.first_name} ${first.last_name}`);

  // The phone posts to process b; the desk on a sees it.
  const postDirect = async (server: SpawnedServer, at: Date) => {
    const login = await request.post(`${server.url}/api/driver/login`, { data: { fleet_code: DEMO_FLEET_CODE, rut: first.rut, password: first.password } });
    const { token } = (await login.json()) as { token: string };
    const posted = await request.post(`${server.url}/api/driver/locations`, { headers: { authorization: `Bearer ${token}` }, data: { locations: [{ ...north(PAPUDO, 210), timestamp: at.toISOString() }] } });
    expect(posted.status()).toBe(202);
    return at;
  };
  const seenOnB = await postDirect(b, new Date());
  await expect(popup).toContainText(`Última actualización: ${clock.format(seenOnB)}`);

  // A booking at Papudo offered: the nearer taxi has it.
  const created = await request.post('/api/dispatch/bookings', { headers, data: { customer_phone: '+56 9 1111 2222', customer_name: 'Ana Tres', pickup: { ...PAPUDO, label: 'Plaza de Papudo' }, passengers: 1, notes: '' } });
  expect(created.status(), await created.text()).toBe(201);
  const bookingId = ((await created.json()) as { booking: Booking }).booking.id;
  leftovers.bookings.push(bookingId);
  const offer = await request.post(`/api/dispatch/bookings/${bookingId}/offer`, { headers });
  expect(offer.status(), await offer.text()).toBe(200);
  expect(((await offer.json()) as { booking: Booking }).booking.offer?.driver_id).toBe(taxi.driver_id);

  // Under load, a few seconds in: kill -9 the process with the desk and the background work.
  await sleep(3000);
  const pointsBefore = stream.acked.size;
  await a.kill();
  const killedAt = Date.now();
  // While the desk is away: a point through c, which only a resync brings to it.
  const whileAway = await postDirect(c, new Date());

  // The background work moves to b or c within seconds.
  await expect.poll(async () => (await leaders()).slice(1).sort(), { timeout: 15_000 }).toEqual([0, 1]);
  const takeoverMs = Date.now() - killedAt;
  // The desk reconnects through nginx to a survivor and shows what it missed.
  await expect.poll(async () => (await socketsOn()).slice(1).reduce((sum: number, n) => sum + (n ?? 0), 0), { timeout: 15_000 }).toBe(1);
  const reconnectMs = Date.now() - killedAt;
  await expect(popup).toContainText(`Última actualización: ${clock.format(whileAway)}`, { timeout: 15_000 });
  // The second taxi keeps a fresh position; the offer runs out and passes on to it.
  await secondTaxi.at(north(PAPUDO, 400));
  await expect
    .poll(async () => ((await (await request.get(`/api/dispatch/bookings/${bookingId}`, { headers })).json()) as { booking: Booking }).booking.offer?.driver_id ?? null, { timeout: (OFFER_SECONDS + 20) * 1000 })
    .not.toBe(taxi.driver_id);
  const { booking } = (await (await request.get(`/api/dispatch/bookings/${bookingId}`, { headers })).json()) as { booking: Booking };
  const secondShift = (await activeShifts()).find(isShiftOf(second)) as Shift;
  expect(booking.offer?.driver_id).toBe(secondShift.driver_id);
  await page.screenshot({ path: screenshotPath('three-servers-desk-after-kill') });

  // Load goes on a little on the survivors, then every acknowledged point must be stored.
  await sleep(2000);
  await stream.stop();
  await simulator.stop();
  expect(pointsBefore).toBeGreaterThan(0);
  let acknowledged = 0;
  let lost = 0;
  for (const [shiftId, times] of stream.acked) {
    const stored = await storedTimes(nginx.httpUrl, desk, shiftId);
    acknowledged += times.length;
    lost += times.filter((time) => !stored.has(time)).length;
  }
  const answers = Object.fromEntries(stream.statuses);
  console.info(
    `three processes, one killed with -9: ${acknowledged} points acknowledged, ${lost} lost; answers ${JSON.stringify(answers)}; simulator ${simulator.stats().points} points, ${simulator.stats().errors} errors; leader moved in ${(takeoverMs / 1000).toFixed(1)} s, desk back in ${(reconnectMs / 1000).toFixed(1)} s`,
  );
  expect(acknowledged).toBeGreaterThan(50);
  expect(lost).toBe(0);
  // Only 202s and the killed process's own failures (502 from nginx, or a dropped connection).
  expect(Object.keys(answers).filter((status) => !['202', '502', '0'].includes(status))).toEqual([]);

  // With no process left, nginx answers itself, in Spanish: JSON for the API, a page for a browser.
  await b.kill();
  await c.kill();
  const down = await request.get('/api/health');
  expect([down.status(), await down.json()]).toEqual([502, { error: 'Flota no está disponible en este momento. Intenta nuevamente en unos segundos.' }]);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Flota no está disponible en este momento' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('three-servers-nginx-502') });
  // No clean-up: the database is this test's own, removed with its PostgreSQL.
});
