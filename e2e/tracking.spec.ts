/**
 * Seguimiento (issue 36) in Chromium against a real server of the test's own: the desk books, the
 * phone (390×844, emulated geolocation) accepts, and a third context, the passenger (390×844, no
 * login), opens the link from the booking's detail: En camino, the plate, the driver's first name,
 * the taxi moving on the map as the phone moves, Llegó, A bordo, Finalizado. The server is then
 * started again on the same data with its clock 16 minutes ahead (FLOTA_CLOCK_OFFSET): the page,
 * still open, says "Este viaje terminó". A second trip cancelled by the desk shows Cancelado.
 * Screenshots of every state at 390×844 (e2e/artifacts/screenshots/tracking-*.png), light and dark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test';
import { workerPorts } from './support/ports';
import { createDriver, createdBookingId, createPlace, deskOnDispatch, deskToken, Leftovers, north, PAPUDO, person, PHONE, phoneOnShift } from './support/dispatch';
import { screenshotPath } from './support/session';
import { spawnServer, type SpawnedServer } from './support/spawnedServer';

const leftovers = new Leftovers();
const detail = (page: Page, id: number) => page.getByRole('region', { name: `Reserva #${id}` });
const trip = (page: Page) => page.getByRole('region', { name: 'Tu viaje' });
const callerPhone = () => `9 ${String(Date.now() % 100_000_000).padStart(8, '0').replace(/(\d{4})(\d{4})/, '$1 $2')}`;

async function passenger(browser: Browser, url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-CL', timezoneId: 'America/Santiago', colorScheme });
  const page = await context.newPage();
  // The server's CSP (the app's) must let the page, its styles, Leaflet's tiles and the stream through.
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(url);
  return page;
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Where the taxi's dot is drawn on the passenger's map (its screen position). */
async function taxiDot(page: Page) {
  const box = await page.locator('.pg-map .pg-dot-taxi').boundingBox();
  return box ? { x: Math.round(box.x), y: Math.round(box.y) } : null;
}

test.describe('the passenger follows their taxi (a server of its own, its clock moved after the trip)', () => {
  const port = workerPorts().spare;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-tracking-'));
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('desk books, phone accepts, passenger sees En camino, the plate and the taxi moving; 15 minutes after the end: Este viaje terminó', async ({ browser, request }) => {
    test.setTimeout(300_000);
    let server: SpawnedServer = await spawnServer({ port, tilePort: port + 1, dataDir });
    try {
      const driver = person('Camila', 'Rojas', 36);
      const { id: driverId } = await createDriver(request, leftovers, driver, 'TRKP36');
      await createPlace(request, leftovers, 'Plaza de Papudo', PAPUDO);
      // The Dueño's number for "Llamar a la central".
      const headers = { authorization: `Bearer ${await deskToken(request)}` };
      expect((await request.put('/api/tracking/settings', { headers, data: { phone: '+56 33 271 1234', position_after_boarding: false } })).status()).toBe(200);
      const { phone, page: driverPage } = await phoneOnShift(browser, driver, north(PAPUDO, 900));
      const { desk, page } = await deskOnDispatch(browser);

      // The desk books: phone, name, the saved place, Enter (offered to the nearest taxi: ours).
      await page.getByLabel('Teléfono', { exact: true }).fill(callerPhone());
      await page.getByLabel('Nombre', { exact: true }).fill('Marta Aguilera');
      await page.getByLabel('Recogida', { exact: true }).fill('Plaza de Papudo');
      await page.getByLabel('Notas', { exact: true }).fill('Portón verde');
      await page.getByLabel('Notas', { exact: true }).press('Enter');
      const id = await createdBookingId(page);
      leftovers.bookings.push(id);
      await driverPage.getByRole('alertdialog', { name: 'Nuevo viaje ofrecido' }).getByRole('button', { name: 'Aceptar' }).click();
      await expect(trip(driverPage).getByRole('status')).toHaveText('En camino al pasajero');

      // The booking's detail: the link, WhatsApp to the caller's number with a Spanish text, SMS.
      const link = detail(page, id).getByRole('textbox', { name: 'Enlace de seguimiento' });
      await expect(link).toHaveValue(new RegExp(`^http://127\\.0\\.0\\.1:${port}/seguimiento/[A-Za-z0-9_-]{24}$`));
      const url = await link.inputValue();
      const whatsapp = detail(page, id).getByRole('link', { name: 'WhatsApp' });
      await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/569\\d{8}\\?text=.*${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(decodeURIComponent((await whatsapp.getAttribute('href'))!.split('text=')[1])).toContain('su taxi va en camino');
      await expect(detail(page, id).getByRole('link', { name: 'SMS' })).toHaveAttribute('href', /^sms:\+569\d{8}\?body=/);
      await detail(page, id).scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('tracking-desk-link-1366x768') });

      // The passenger: no login, a phone.
      const rider = await passenger(browser, url);
      await expect(rider.getByRole('heading', { name: 'En camino' })).toBeVisible();
      await expect(rider.getByLabel('Patente TRKP36')).toBeVisible();
      await expect(rider.getByText('Conductor: Camila')).toBeVisible();
      await expect(rider.getByRole('link', { name: 'Llamar a la central' })).toHaveAttribute('href', 'tel:+56332711234');
      await expect(rider.getByText('Rojas')).toHaveCount(0);
      await expect(rider.getByText('Marta')).toHaveCount(0);
      await expect(rider.getByText(/Llega en alrededor de \d+ minutos?\./)).toBeVisible();
      await expect(rider.locator('.pg-map .pg-dot-taxi')).toBeVisible();
      await expect(rider.locator('.leaflet-tile-loaded').first()).toBeVisible();
      expect(await rider.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      const before = await taxiDot(rider);
      const etaBefore = await rider.locator('.pg-eta').textContent();
      await rider.screenshot({ path: screenshotPath('tracking-en-camino-390x844') });

      // The phone moves 600 m toward the pickup: the dot moves and the ETA shortens, no reload.
      await phone.setGeolocation({ ...north(PAPUDO, 300), accuracy: 8 });
      await expect.poll(async () => (await taxiDot(rider))?.y, { timeout: 20_000 }).not.toBe(before?.y);
      await expect(rider.locator('.pg-eta')).not.toHaveText(etaBefore ?? '');
      await rider.screenshot({ path: screenshotPath('tracking-en-camino-moved-390x844') });
      // What the dots are, and the map's controls in Spanish (issue 46).
      await expect(rider.getByRole('list', { name: 'Leyenda del mapa' }).getByRole('listitem')).toHaveText(['Su taxi', 'Recogida']);
      await expect(rider.getByRole('button', { name: 'Acercar' })).toBeVisible();
      await expect(rider.getByRole('button', { name: 'Alejar' })).toBeVisible();
      await expect(rider.locator('.pg-map')).not.toContainText(/Leaflet|Zoom/);
      expect(await cspViolations(rider)).toEqual([]);

      await trip(driverPage).getByRole('button', { name: 'Llegué' }).click();
      await expect(rider.getByRole('heading', { name: 'Llegó' })).toBeVisible();
      await rider.screenshot({ path: screenshotPath('tracking-llego-390x844') });
      await trip(driverPage).getByRole('button', { name: 'Pasajero a bordo' }).click();
      await expect(rider.getByRole('heading', { name: 'A bordo' })).toBeVisible();
      await expect(rider.locator('.pg-map .pg-dot-taxi')).toHaveCount(0);
      await expect(rider.getByRole('list', { name: 'Leyenda del mapa' })).toHaveText('Recogida');
      await rider.screenshot({ path: screenshotPath('tracking-a-bordo-390x844') });
      await trip(driverPage).getByRole('button', { name: 'Finalizar' }).click();
      await expect(rider.getByRole('heading', { name: 'Finalizado' })).toBeVisible();
      await rider.screenshot({ path: screenshotPath('tracking-finalizado-390x844') });
      const dark = await passenger(browser, url, 'dark');
      await expect(dark.getByRole('heading', { name: 'Finalizado' })).toBeVisible();
      await dark.screenshot({ path: screenshotPath('tracking-finalizado-390x844-dark') });

      // A second trip for the same taxi, cancelled by the desk while its passenger watches.
      const second = await request.post('/api/dispatch/bookings', { headers, data: { customer_phone: callerPhone(), pickup: { ...PAPUDO, label: 'Plaza de Papudo' } } });
      const secondId = ((await second.json()) as { booking: { id: number } }).booking.id;
      leftovers.bookings.push(secondId);
      expect((await request.post(`/api/dispatch/bookings/${secondId}/assign`, { headers, data: { driver_id: driverId } })).status()).toBe(200);
      const secondLink = ((await (await request.get(`/api/tracking/bookings/${secondId}`, { headers })).json()) as { link: { path: string } }).link.path;
      const cancelled = await passenger(browser, secondLink);
      await expect(cancelled.getByRole('heading', { name: 'En camino' })).toBeVisible();
      expect((await request.post(`/api/dispatch/bookings/${secondId}/cancel`, { headers, data: { reason: 'El cliente canceló' } })).status()).toBe(200);
      await expect(cancelled.getByRole('heading', { name: 'Cancelado' })).toBeVisible();
      await cancelled.screenshot({ path: screenshotPath('tracking-cancelado-390x844') });
      // Opened again after the cancellation: the one answer.
      await cancelled.reload();
      await expect(cancelled.getByRole('heading', { name: 'Este viaje terminó' })).toBeVisible();
      await desk.close();
      await phone.close();

      // The server again, on the same data, its clock 16 minutes ahead: the open page ends by itself.
      await server.stop();
      server = await spawnServer({ port, tilePort: port + 1, dataDir, env: { FLOTA_CLOCK_OFFSET: String(16 * 60) } });
      await expect(rider.getByRole('heading', { name: 'Este viaje terminó' })).toBeVisible({ timeout: 30_000 });
      await expect(rider.getByText('TRKP36')).toHaveCount(0);
      await expect(rider.locator('.leaflet-container')).toHaveCount(0);
      await rider.screenshot({ path: screenshotPath('tracking-termino-390x844') });
      // And an unknown token looks exactly the same.
      const unknown = await passenger(browser, '/seguimiento/AAAAAAAAAAAAAAAAAAAAAAAA');
      await expect(unknown.getByRole('heading', { name: 'Este viaje terminó' })).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});

/**
 * "Buscando taxi" comes before any taxi, which a desk booking's link never shows (it is made as a
 * taxi gets the booking): its look only, with the view answered at the network edge.
 */
test('the look of Buscando taxi at 390×844, light and dark', async ({ browser }) => {
  const view = {
    fleet: { name: 'Taxis La Ligua', phone: '+56 33 271 1234' },
    state: 'buscando',
    pickup: { latitude: PAPUDO.latitude, longitude: PAPUDO.longitude, label: 'Plaza de Papudo' },
    taxi: null,
    driver_first_name: null,
    position: null,
    eta_s: null,
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-CL', colorScheme });
    await context.route('**/api/public/tracking/**', (route) =>
      route.request().url().endsWith('/stream')
        ? route.fulfill({ status: 200, contentType: 'text/event-stream', body: `event: view\ndata: ${JSON.stringify(view)}\n\n` })
        : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ tracking: view }) }),
    );
    const page = await context.newPage();
    await page.goto('/seguimiento/BUSCANDOBUSCANDOBUSCANDO');
    await expect(page.getByRole('heading', { name: 'Buscando taxi' })).toBeVisible();
    await expect(page.getByText('Estamos buscando un taxi cerca de usted.')).toBeVisible();
    await expect(page.locator('.pg-plate')).toHaveCount(0);
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
    await page.screenshot({ path: screenshotPath(`tracking-buscando-390x844${colorScheme === 'dark' ? '-dark' : ''}`) });
    await context.close();
  }
});
