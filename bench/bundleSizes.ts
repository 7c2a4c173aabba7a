/**
 * Bytes Chromium downloads per screen of a production build, as a real server serves them: a
 * server is started on the build (its own process, throwaway data folder), Chromium opens /login,
 * signs in (the dashboard) and opens the live map, and every same-origin response is counted:
 * raw (decoded) bytes, bytes on the wire (after Content-Encoding) and gzip -9 of the raw bytes (what
 * the files would weigh compressed, for a build whose server sends them as is).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';

export interface Transfer {
  url: string;
  kind: 'js' | 'css' | 'other';
  raw: number;
  wire: number;
  gzip: number;
}

export interface ScreenBytes {
  screen: string;
  transfers: Transfer[];
}

const DEMO_RUT = '12.345.678-5';
const DEMO_PASSWORD = 'flota-demo';

function kindOf(url: string): Transfer['kind'] {
  const pathname = new URL(url).pathname;
  if (/\.m?js$/.test(pathname)) return 'js';
  if (/\.css$/.test(pathname)) return 'css';
  return 'other';
}

/** Starts `tsx server/index.ts` in `root` on `port` and resolves when /api/health answers. */
export async function startServer(root: string, port: number, distDir = path.join(root, 'dist')): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flota-bundle-'));
  const child = spawn('npx', ['tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, SIMULATOR: 'off', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${root} exited early`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return stop;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server in ${root} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Bytes on the wire and decoded for one URL, fetched with the given Accept-Encoding. */
function weighAgain(url: string, acceptEncoding: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const raw = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          resolve({ url, kind: kindOf(url), raw: raw.length, wire: wire.length, gzip: zlib.gzipSync(raw, { level: 9 }).length });
        });
      })
      .on('error', reject);
  });
}

/** Collects what the page downloads from `origin` until `collect()` is called. */
function recorder(page: Page, origin: string) {
  let pending: Promise<Transfer | null>[] = [];
  page.on('requestfinished', (request: Request) => {
    const pathname = new URL(request.url()).pathname;
    if (!request.url().startsWith(origin) || pathname.startsWith('/api/') || pathname.startsWith('/socket.io/')) return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const body = await response.body();
        const sizes = await request.sizes();
        // MapLibre's worker script is fetched by the worker, whose body Playwright does not keep:
        // fetched again as the browser did (same Accept-Encoding) to weigh it.
        if (body.length === 0) return weighAgain(request.url(), (await request.allHeaders())['accept-encoding'] ?? '');
        return { url: request.url(), kind: kindOf(request.url()), raw: body.length, wire: sizes.responseBodySize, gzip: zlib.gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  return async (): Promise<Transfer[]> => {
    const done = await Promise.all(pending);
    pending = [];
    return done.filter((transfer): transfer is Transfer => transfer !== null);
  };
}

/**
 * A passenger's tracking link on this server: a booking of the demo fleet assigned to the first
 * taxi on shift that takes it (the link is made as the taxi is assigned).
 */
export async function trackingPagePath(origin: string): Promise<string> {
  const json = async (path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const { token } = (await json('/api/auth/login', null, { rut: DEMO_RUT, password: DEMO_PASSWORD })).body as { token: string };
  const { shifts } = (await json('/api/shifts/active', token)).body as { shifts: { driver_id: number | null; latitude: number | null; longitude: number | null }[] };
  for (const shift of shifts.filter((s) => s.driver_id !== null && s.latitude !== null)) {
    const pickup = { latitude: shift.latitude! + 0.01, longitude: shift.longitude!, label: 'Plaza de Armas' };
    const created = await json('/api/dispatch/bookings', token, { customer_phone: '+56 9 8765 4321', pickup });
    const id = (created.body as { booking: { id: number } }).booking.id;
    if ((await json(`/api/dispatch/bookings/${id}/assign`, token, { driver_id: shift.driver_id })).status !== 200) continue;
    const { link } = (await json(`/api/tracking/bookings/${id}`, token)).body as { link: { path: string } | null };
    if (link) return link.path;
  }
  throw new Error('no taxi on shift took the bench booking: no tracking link to measure');
}

/** The demo fleet's "Pedir un taxi" page, switched on by its Dueño. */
export async function requestPagePath(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: DEMO_RUT, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(`${origin}/api/tracking/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '+56 33 271 1234', position_after_boarding: false, requests_enabled: true }),
  });
  return ((await saved.json()) as { settings: { requests_path: string } }).settings.requests_path;
}

/** /login, then the dashboard after signing in, then the live map, each with the bytes it added. */
export async function measureScreens(root: string, port: number): Promise<ScreenBytes[]> {
  const stop = await startServer(root, port);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'] });
  try {
    const origin = `http://127.0.0.1:${port}`;
    const page = await browser.newPage({ locale: 'es-CL' });
    const collect = recorder(page, origin);
    const screens: ScreenBytes[] = [];

    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    screens.push({ screen: '/login', transfers: await collect() });

    await page.getByLabel('RUT').fill(DEMO_RUT);
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    await page.waitForLoadState('networkidle');
    screens.push({ screen: '+ /dashboard', transfers: await collect() });

    await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
    await page.getByRole('heading', { name: 'Mapa en Vivo' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    screens.push({ screen: '+ live map', transfers: await collect() });

    // The passenger's page, in a browser of its own (nothing cached from the app): its own entry.
    const passenger = await browser.newPage({ locale: 'es-CL', viewport: { width: 390, height: 844 } });
    const collectPassenger = recorder(passenger, origin);
    // Its live stream never goes idle: wait for the plate, then a moment for late files.
    await passenger.goto(`${origin}${await trackingPagePath(origin)}`);
    await passenger.locator('.pg-plate-number').waitFor();
    await passenger.waitForTimeout(1500);
    screens.push({ screen: '/seguimiento', transfers: await collectPassenger() });

    // "Pedir un taxi" (issue 36, item 5), switched on for the demo fleet, in a fresh page too: its
    // own entry as the passenger first sees it (the map's chunk loads only when asked for, so not here).
    const requests = await browser.newPage({ locale: 'es-CL', viewport: { width: 390, height: 844 } });
    const collectRequests = recorder(requests, origin);
    await requests.goto(`${origin}${await requestPagePath(origin)}`, { waitUntil: 'networkidle' });
    await requests.getByRole('form', { name: 'Pedir un taxi' }).waitFor();
    screens.push({ screen: '/pedir', transfers: await collectRequests() });
    // The passenger chooses to mark the pickup on the map: the map's chunks come now.
    await requests.getByRole('radio', { name: 'Marcar en el mapa' }).check();
    await requests.locator('.leaflet-container').waitFor();
    await requests.waitForTimeout(1000);
    screens.push({ screen: '+ /pedir map', transfers: await collectRequests() });
    return screens;
  } finally {
    await browser.close();
    await stop();
  }
}
