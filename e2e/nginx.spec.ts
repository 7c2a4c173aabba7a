/**
 * The whole app behind Debian's nginx running deploy/nginx/flota.conf (TLS on, as a deployment
 * would): a dispatcher signs in over HTTPS, opens the live map (socket.io over a WebSocket through
 * nginx) and sees a taxi move when its driver posts a position through nginx too. Flota's own
 * compression passes through, and with TRUST_PROXY Flota logs the client's address, not nginx's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import type { Shift } from '../contract/entities';
import { startNginx, type RunningNginx } from './support/nginx';
import { DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';
import { workerPorts } from './support/ports';
import { spawnServer, type SpawnedServer } from './support/spawnedServer';
import { mapAtRest, postLocation } from './support/liveMap';

/** Four ports of the worker's range (support/ports.ts): Flota, its tile server, nginx HTTP, nginx HTTPS. */
const BASE = workerPorts().extra;
const PORTS = { flota: BASE, tiles: BASE + 1, http: BASE + 2, https: BASE + 3 };
const HTTPS_URL = `https://127.0.0.1:${PORTS.https}`;
/** nginx reaches Flota from this address (proxy_bind in the test's rendering of the example). */
const NGINX_ADDRESS = '127.0.0.4';

const clock = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'America/Santiago' });

let dataDir: string;
let flota: SpawnedServer;
let nginx: RunningNginx;

test.use({ baseURL: HTTPS_URL, ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-nginx-'));
  flota = await spawnServer({ port: PORTS.flota, tilePort: PORTS.tiles, dataDir, env: { TRUST_PROXY: NGINX_ADDRESS } });
  nginx = await startNginx({ flota: PORTS.flota, http: PORTS.http, https: PORTS.https });
});

test.afterAll(async () => {
  await nginx?.stop();
  await flota?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('login → live map with a moving taxi, all through nginx over TLS', async ({ page, request }) => {
  const scripts: { url: string; encoding?: string }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
  });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  await logIn(page);
  // Flota's precompressed files reach the browser as they left Flota.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((script) => script.url.startsWith(HTTPS_URL) && script.encoding === 'br')).toBe(true);

  await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
  await expect(page.getByRole('heading', { name: 'Mapa en Vivo' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Conductores Activos' });
  await expect(list.getByRole('button').filter({ hasText: '🟢 En línea' }).first()).toBeVisible();
  await expect.poll(() => sockets.filter((url) => url.startsWith(`wss://127.0.0.1:${PORTS.https}/socket.io/`)).length).toBeGreaterThan(0);

  // A taxi with a position: open its popup, then its driver's phone posts a point through nginx.
  const owner = await request.post('/api/auth/login', { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  const { token } = (await owner.json()) as { token: string };
  const active = (await (await request.get('/api/shifts/active', { headers: { authorization: `Bearer ${token}` } })).json()) as { shifts: Shift[] };
  const taxi = active.shifts.find((shift) => shift.latitude !== null) as Shift;
  const number = active.shifts.indexOf(taxi) + 1;
  await list.getByRole('button', { name: new RegExp(`^#${number} `) }).click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toContainText(`#${number} ${taxi.first_name} ${taxi.last_name}`);
  await mapAtRest(page); // the fly-to animation is over
  const before = await popup.boundingBox();

  const timestamp = await postLocation(request, taxi, (taxi.latitude as number) + 0.002, (taxi.longitude as number) + 0.002);

  await expect(popup).toContainText(`Última actualización: ${clock.format(new Date(timestamp))}`);
  await expect
    .poll(async () => {
      const after = await popup.boundingBox();
      return before && after ? Math.hypot(after.x - before.x, after.y - before.y) : 0;
    })
    .toBeGreaterThan(20);
  await page.screenshot({ path: screenshotPath('nginx-live-map-moved') });
});

test('Flota sees the client address through X-Forwarded-For, and plain HTTP is served too', async ({ request }) => {
  const health = await request.get(`${nginx.httpUrl}/api/health`);
  expect(await health.json()).toEqual({ ok: true, db: 'pglite' });

  // A login through nginx (which reaches Flota from 127.0.0.4): Flota logs the client's address.
  const login = await request.post('/api/auth/login', { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  await expect.poll(() => flota.output().includes('"url":"/api/auth/login"')).toBe(true);
  const logins = flota
    .output()
    .split('\n')
    .filter((line) => line.includes('"url":"/api/auth/login"'));
  expect(logins.length).toBeGreaterThan(0);
  for (const line of logins) expect(JSON.parse(line)).toMatchObject({ ip: '127.0.0.1', statusCode: 200 });
  expect(flota.output()).not.toContain(`"ip":"${NGINX_ADDRESS}"`);
});
