/**
 * A map that works without internet (issue 37 item 6) and says so when it does not (issue 38 item 3).
 *
 * 1. A PMTiles archive written by the test (pmtilesArchive.ts: a few hundred tiles of one green
 *    around La Ligua) served by Flota itself (TILES_PMTILES): every request the page makes goes to
 *    Flota's own origin, the archive is read in Range requests (206), and the live map's canvas is
 *    mostly that green (a pixel check on a screenshot).
 * 2. The tile server stopped (TILE_URL names a port where nothing answers): every map, the live
 *    map, dispatch, the replay, "¿Dónde estaba cada taxi?", the zone editor and the passenger's
 *    page, says "Mapa base no disponible" in Spanish instead of staying a grey field.
 * Each part runs its own server (spawnServer) on the spare ports; screenshots in e2e/artifacts/screenshots/offline-*.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { workerPorts } from './support/ports';
import { tileAt, writePmtilesArchive, type ArchiveTile } from '../server/tools/testing/pmtilesArchive';
import { shareOfColour } from './support/canvasColour';
import { apiDriverOnShift, createDriver, deskToken, Leftovers, PAPUDO, person, PHONE } from './support/dispatch';
import { logIn, screenshotPath } from './support/session';
import { spawnServer, type SpawnedServer } from './support/spawnedServer';
import { solidPng } from './support/tileServer';

const port = workerPorts().spare;
const LA_LIGUA = { longitude: -71.2264, latitude: -32.4519 };
const GREEN: [number, number, number] = [46, 139, 87];

/** Tiles of one green around La Ligua at every zoom the live map opens at: 9 × 7 tiles fill a 1366 px wide map. */
function archiveTiles(): ArchiveTile[] {
  const data = solidPng(GREEN);
  const tiles: ArchiveTile[] = [];
  for (let z = 8; z <= 16; z += 1) {
    const middle = tileAt(LA_LIGUA.longitude, LA_LIGUA.latitude, z);
    for (let x = middle.x - 4; x <= middle.x + 4; x += 1) {
      for (let y = middle.y - 3; y <= middle.y + 3; y += 1) tiles.push({ z, x, y, data });
    }
  }
  return tiles;
}

test.describe('the base map from a PMTiles archive Flota serves (a server of its own)', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-offline-'));
  const archive = path.join(folder, 'la-ligua.pmtiles');
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('every request goes to Flota\'s own origin, the archive is read by Range, and the live map shows its tiles', async ({ page }) => {
    test.setTimeout(180_000);
    writePmtilesArchive(archive, archiveTiles(), { bounds: [-71.6, -32.7, -71.0, -32.2] });
    const server: SpawnedServer = await spawnServer({ port, tilePort: port + 1, dataDir: path.join(folder, 'data'), env: { TILES_PMTILES: archive } });
    try {
      const origin = new URL(server.url).origin;
      const requests: string[] = [];
      const rangeAnswers: number[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('response', (response) => {
        if (response.url().includes('/tiles/')) rangeAnswers.push(response.status());
      });
      await logIn(page);
      await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
      const map = page.getByRole('region', { name: 'Mapa en vivo' });
      await expect(map).toBeVisible();
      // The map is drawn when most of its canvas is the archive's green.
      await expect.poll(() => shareOfColour(page, '.maplibregl-canvas', GREEN), { timeout: 30_000 }).toBeGreaterThan(0.5);
      await expect(page.getByText('Mapa base no disponible')).toHaveCount(0);
      await page.screenshot({ path: screenshotPath('offline-pmtiles-live-map-1366') });

      const elsewhere = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
      expect(elsewhere, 'requests that left Flota\'s origin').toEqual([]);
      expect(requests.some((url) => url === `${origin}/tiles/la-ligua.pmtiles`)).toBe(true);
      expect(rangeAnswers.length).toBeGreaterThan(0);
      expect(rangeAnswers.every((status) => status === 206)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

test.describe('every map says so when no base map loads (the tile server stopped)', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-nobasemap-'));
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('the live map, dispatch, the replay, positions at a moment, the zone editor and the passenger\'s page', async ({ page, browser, request }) => {
    test.setTimeout(300_000);
    const server = await spawnServer({ port, tilePort: port + 1, dataDir: folder, env: { E2E_TILE_SERVER: 'off', E2E_HISTORY_SHIFTS: '2' } });
    try {
      const notice = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByRole('status').filter({ hasText: 'Mapa base no disponible' });
      await logIn(page);

      await page.goto('/dashboard/map');
      await expect(page.getByRole('region', { name: 'Mapa en vivo' })).toBeVisible();
      await expect(notice(page)).toBeVisible({ timeout: 30_000 });
      await expect(notice(page)).toContainText('No se pudieron cargar las calles del mapa');
      await page.screenshot({ path: screenshotPath('offline-no-base-map-live-1366') });

      await page.goto('/dashboard/dispatch');
      await expect(notice(page)).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: screenshotPath('offline-no-base-map-dispatch-1366') });

      await page.goto('/dashboard/zones');
      await expect(notice(page)).toBeVisible({ timeout: 30_000 });

      const headers = { authorization: `Bearer ${await deskToken(request)}` };
      const history = (await (await request.get('/api/shifts/history?limit=50', { headers })).json()) as { shifts: { id: number; is_active: boolean }[] };
      const finished = history.shifts.find((shift) => !shift.is_active);
      expect(finished, 'a finished demo shift with its trail (E2E_HISTORY_SHIFTS)').toBeDefined();
      await page.goto(`/dashboard/history/${finished!.id}/replay`);
      await expect(page.getByRole('heading', { name: /^Reproducción: / })).toBeVisible();
      await expect(notice(page)).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: screenshotPath('offline-no-base-map-replay-1366') });

      await page.goto('/dashboard/history');
      await page.getByRole('button', { name: '¿Dónde estaba cada taxi?' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Dónde estaba cada taxi?' });
      await dialog.getByRole('button', { name: 'Ver posiciones' }).click();
      await expect(notice(dialog)).toBeVisible({ timeout: 30_000 });

      // The passenger's page (Leaflet): a taxi on its way to a booking, the link opened on a phone.
      const leftovers = new Leftovers();
      const driver = person('Tomás', 'Vidal', 37);
      const { id: driverId } = await createDriver(request, leftovers, driver, 'KXWZ37');
      const onShift = await apiDriverOnShift(request, driver);
      await onShift.at(PAPUDO);
      const booking = await request.post('/api/dispatch/bookings', { headers, data: { customer_phone: '+56 9 8765 4321', pickup: { ...PAPUDO, label: 'Plaza de Papudo' } } });
      const bookingId = ((await booking.json()) as { booking: { id: number } }).booking.id;
      expect((await request.post(`/api/dispatch/bookings/${bookingId}/assign`, { headers, data: { driver_id: driverId } })).status()).toBe(200);
      const link = ((await (await request.get(`/api/tracking/bookings/${bookingId}`, { headers })).json()) as { link: { path: string } }).link.path;
      const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-CL', timezoneId: 'America/Santiago' });
      const rider = await phone.newPage();
      await rider.goto(link);
      await expect(rider.getByRole('heading', { name: 'En camino' })).toBeVisible();
      await expect(notice(rider)).toBeVisible({ timeout: 30_000 });
      await rider.screenshot({ path: screenshotPath('offline-no-base-map-passenger-390') });
      await phone.close();
    } finally {
      await server.stop();
    }
  });
});
