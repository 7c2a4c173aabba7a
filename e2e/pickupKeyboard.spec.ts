/**
 * Pickup from the keyboard (issue 38, item 1), in Chromium against the real server: a new caller
 * booked with the keyboard alone (phone, name, a few letters of an address the fleet used, ↓ to it,
 * Enter to take it, Enter to book), timed in the log; the map set with the arrows and Enter, named
 * by what was typed; Lugares at 1366×768 and 390×844, light and dark, with a file imported.
 * Screenshots (e2e/artifacts/screenshots/pickup-*.png) are for a person to look at.
 */
import { expect, test, type Page } from './support/test';
import { boardCard, createdBookingId, deskOnDispatch, deskToken, Leftovers, PHONE } from './support/dispatch';
import { screenshotPath } from './support/session';

const leftovers = new Leftovers();
test.afterEach(async ({ request }) => leftovers.clear(request));

/** A Chilean mobile number no other run used (the customer is new). */
const callerPhone = (offset: number) => `9 ${String((Date.now() + offset) % 100_000_000).padStart(8, '0').replace(/(\d{4})(\d{4})/, '$1 $2')}`;
const recogida = (page: Page) => page.getByRole('combobox', { name: 'Recogida' });

test('a new caller is booked with the keyboard alone, the pickup chosen from the suggestions', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // An earlier booking used the address (another caller, by API): now the fleet knows it.
  const headers = { authorization: `Bearer ${await deskToken(request)}` };
  const earlier = await request.post('/api/dispatch/bookings', {
    headers,
    data: { customer_phone: callerPhone(1), pickup: { latitude: -32.4497, longitude: -71.2301, label: 'Ortiz de Rozas 550' } },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  leftovers.bookings.push(((await earlier.json()) as { booking: { id: number } }).booking.id);

  const { desk, page } = await deskOnDispatch(browser);
  const started = Date.now();
  await expect(page.getByLabel('Teléfono', { exact: true })).toBeFocused();
  await page.keyboard.type(callerPhone(2));
  await page.keyboard.press('Tab');
  await page.keyboard.type('Rosa Vera');
  await page.keyboard.press('Tab');
  await expect(recogida(page)).toBeFocused();
  await page.keyboard.type('ortis 550');
  const list = page.getByRole('listbox', { name: 'Sugerencias para la recogida' });
  const used = list.getByRole('option', { name: /Ortiz de Rozas 550/ });
  await expect(used).toContainText('Usada antes');
  await page.screenshot({ path: screenshotPath('pickup-suggestions-1366') });
  // Down the list to the address (saved places come first), then Enter takes it.
  for (let step = 0; step < 6 && (await used.getAttribute('aria-selected')) !== 'true'; step += 1) await page.keyboard.press('ArrowDown');
  await expect(used).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(recogida(page)).toHaveValue('Ortiz de Rozas 550');
  await expect(recogida(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const id = await createdBookingId(page, leftovers.bookings.at(-1));
  leftovers.bookings.push(id);
  await expect(boardCard(page, 'Por asignar', id)).toContainText('Ortiz de Rozas 550');
  const seconds = (Date.now() - started) / 1000;
  // The closing note's figure: keystrokes typed by Playwright at its speed, the server's answers real.
  console.log(`Keyboard booking of a new caller: ${seconds.toFixed(1)} s from the first key to the card on the board`);
  test.info().annotations.push({ type: 'keyboard-booking-seconds', description: seconds.toFixed(1) });
  await desk.close();
});

test('the map takes the keyboard: arrows move it under a crosshair, Enter sets the point, the typed reference names it', async ({ browser }) => {
  test.setTimeout(120_000);
  const { desk, page } = await deskOnDispatch(browser);
  await page.keyboard.type(callerPhone(3));
  const canvas = page.getByRole('region', { name: 'Mapa de despacho' }).locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  // Tab from the form reaches the map's canvas; here it is focused directly to keep the journey short.
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.flota-dispatch-map__crosshair')).toBeVisible();
  await expect(page.getByText('Flechas: mover · Enter: marcar la recogida')).toBeVisible();
  await page.screenshot({ path: screenshotPath('pickup-map-crosshair-1366') });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Punto marcado en el mapa: escribe la dirección o una referencia')).toBeVisible();
  await recogida(page).focus();
  await page.keyboard.type('Frente a la Copec de Portales');
  await page.keyboard.press('Enter');
  const id = await createdBookingId(page, leftovers.bookings.at(-1));
  leftovers.bookings.push(id);
  const card = boardCard(page, 'Por asignar', id).or(boardCard(page, 'En curso', id));
  await expect(card).toContainText('Frente a la Copec de Portales');
  await expect(card).not.toContainText('Punto en el mapa');
  await desk.close();
});

test('Lugares: the demo fleet’s places, one added and a file imported, at 1366×768 and on a phone, light and dark', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { desk, page } = await deskOnDispatch(browser);
  await page.getByRole('link', { name: 'Lugares' }).click();
  await expect(page.getByRole('heading', { name: 'Lugares' })).toBeVisible();
  await expect(page).toHaveTitle('Lugares · Flota');
  await expect(page.getByRole('rowheader', { name: 'Terminal de Buses La Ligua' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar lugar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo lugar' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Prueba Gimnasio Municipal');
  await dialog.getByLabel('Dirección').fill('Polanco 1000');
  await dialog.getByLabel('Otros nombres (uno por línea)').fill('el gimnasio\nel polideportivo');
  await dialog.getByLabel('Coordenadas (latitud, longitud)').fill('-32.4551, -71.2240');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);
  const added = page.getByRole('rowheader', { name: 'Prueba Gimnasio Municipal' });
  await expect(added).toBeVisible();
  await page.getByText('Importar CSV o GeoJSON').locator('input').setInputFiles({
    name: 'lugares.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('nombre;direccion;otros_nombres;latitud;longitud\nPrueba Bomberos;Serrano 120;los bomberos|la bomba;-32,4540;-71,2280\n'),
  });
  await expect(page.getByText('Se importó 1 lugar')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Prueba Bomberos' })).toBeVisible();
  // Their ids, for the cleanup.
  const { places } = (await (await request.get('/api/dispatch/places', { headers: { authorization: `Bearer ${await deskToken(request)}` } })).json()) as { places: { id: number; name: string }[] };
  leftovers.places.push(...places.filter((place) => place.name.startsWith('Prueba ')).map((place) => place.id));

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: screenshotPath(`pickup-places-1366-${scheme}`) });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: screenshotPath(`pickup-places-390-${scheme}`), fullPage: true });
  }
  // The new place is suggested in Despacho by another of its names.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('link', { name: 'Volver a Despacho' }).click();
  await page.getByLabel('Teléfono', { exact: true }).fill(callerPhone(4));
  await recogida(page).fill('el polideportivo');
  await expect(page.getByRole('option', { name: /Prueba Gimnasio Municipal/ })).toContainText('Lugar guardado · Polanco 1000');
  await desk.close();
});
