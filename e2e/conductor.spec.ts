/**
 * Drivers' phones in Chromium against the real server: the owner's setup modal with its QR code,
 * and /conductor on a 390×844 phone with emulated geolocation: sign in, start a shift, move (the
 * owner's map, in another browser context, follows the taxi), lose the connection, move, come
 * back (the trail has the offline points, in order), end the shift.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import type { Driver, LocationPoint, Shift } from '../contract/entities';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';

const PHONE = { width: 390, height: 844 };
const DRIVER = { rut: '17.654.321-3', password: 'conductor-123', first_name: 'Valentina', last_name: 'Cortés' };
const OTHER_DRIVER = { rut: '17.654.322-1', password: 'conductor-456', first_name: 'Tomás', last_name: 'Vidal' };
/** Where the taxi goes: La Ligua, a few hundred metres apart. */
const STOPS = [
  { latitude: -32.4520, longitude: -71.2310 },
  { latitude: -32.4490, longitude: -71.2280 },
  { latitude: -32.4460, longitude: -71.2250 },
  { latitude: -32.4430, longitude: -71.2220 },
  { latitude: -32.4400, longitude: -71.2190 },
];
/** The page keeps one fix every 5 s (pendingPositions.ts): wait that long between moves. */
const BETWEEN_FIXES_MS = 5_300;

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** What a test created, removed after it: the other journeys count the demo fleet's 25 drivers and vehicles. */
const created: { drivers: number[]; vehicles: number[] } = { drivers: [], vehicles: [] };

/** A driver of the demo fleet with a vehicle of its own, created as the owner would. */
async function createDriver(request: APIRequestContext, token: string, person: typeof DRIVER, plate: string): Promise<Driver> {
  const headers = { authorization: `Bearer ${token}` };
  const vehicle = await request.post('/api/vehicles', { headers, data: { plate_number: plate, model: 'Nissan Versa', color: 'Blanco', year: 2023 } });
  expect(vehicle.status()).toBe(201);
  const { vehicle: newVehicle } = (await vehicle.json()) as { vehicle: { id: number } };
  created.vehicles.push(newVehicle.id);
  const driver = await request.post('/api/drivers', { headers, data: { ...person, current_vehicle_id: newVehicle.id } });
  expect(driver.status()).toBe(201);
  const { driver: newDriver } = (await driver.json()) as { driver: Driver };
  created.drivers.push(newDriver.id);
  return newDriver;
}

test.afterEach(async ({ request }) => {
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  // A journey that failed half-way may leave its driver on shift: the desk ends it by hand first.
  const { shifts } = (await (await request.get('/api/shifts/active', { headers })).json()) as { shifts: Shift[] };
  for (const shift of shifts.filter((s) => s.driver_id !== null && created.drivers.includes(s.driver_id))) await request.post(`/api/shifts/${shift.id}/end`, { headers, data: {} });
  for (const id of created.drivers.splice(0)) expect((await request.delete(`/api/drivers/${id}`, { headers })).status(), `DELETE /api/drivers/${id}`).toBe(200);
  for (const id of created.vehicles.splice(0)) expect((await request.delete(`/api/vehicles/${id}`, { headers })).status(), `DELETE /api/vehicles/${id}`).toBe(200);
});

async function moveTo(context: BrowserContext, stop: { latitude: number; longitude: number }) {
  await context.setGeolocation({ ...stop, accuracy: 8 });
}

test('the owner sets up a phone; the driver page sends positions, keeps them offline and ends the shift', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const token = await ownerToken(request);
  const driver = await createDriver(request, token, DRIVER, 'PHRX42');

  // The owner: the driver's modal has the phone section with its QR code.
  await logIn(page);
  await page.getByRole('link', { name: 'Conductores' }).click();
  await page.getByRole('button', { name: `Editar ${DRIVER.first_name} ${DRIVER.last_name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Conductor' });
  const setup = dialog.getByRole('region', { name: 'Teléfono del conductor' });
  await expect(setup.getByRole('img', { name: 'Código QR para configurar Traccar Client' })).toBeVisible();
  // The list never carries it: the owner reads it from the driver's own route, as the modal does.
  const device = await request.get(`/api/drivers/${driver.id}/device-id`, { headers: { authorization: `Bearer ${token}` } });
  expect(device.status()).toBe(200);
  await expect(setup.getByTestId('device-id')).toHaveText(((await device.json()) as { device_id: string }).device_id);
  await expect(setup).toContainText(`${new URL(page.url()).origin}/osmand`);
  await setup.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('driver-phone-setup') });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The owner watches the live map in their own context.
  await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
  await expect(page.getByRole('heading', { name: 'Mapa en Vivo' })).toBeVisible();

  // The driver's phone.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: { ...STOPS[0], accuracy: 8 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const driverPage = await phone.newPage();
  await driverPage.goto(`/conductor?flota=${DEMO_FLEET_CODE}`);
  await expect(driverPage.getByRole('heading', { name: 'Ingreso de conductor' })).toBeVisible();
  await expect(driverPage.getByLabel('Código de flota')).toHaveValue(DEMO_FLEET_CODE);
  await driverPage.screenshot({ path: screenshotPath('conductor-sign-in-390x844') });
  await driverPage.getByLabel('RUT').fill(DRIVER.rut);
  await driverPage.getByLabel('Contraseña').fill(DRIVER.password);
  await driverPage.getByRole('button', { name: 'Ingresar' }).click();
  await expect(driverPage.getByText('Vehículo asignado: PHRX42')).toBeVisible();

  await driverPage.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(driverPage.getByRole('button', { name: 'Terminar turno' })).toBeVisible();
  // Chromium stamps an emulated fix with the time it was set: set it again now, so the first fix
  // is from after the shift started (the server ignores points from before it).
  await moveTo(phone, STOPS[0]);
  const sent = driverPage.locator('dt', { hasText: 'Última posición enviada' }).locator('+ dd');
  const pending = driverPage.locator('dt', { hasText: 'Posiciones por enviar' }).locator('+ dd');
  await expect(sent).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await driverPage.screenshot({ path: screenshotPath('conductor-shift-390x844') });

  // The owner's map: the taxi appears; its popup follows the phone.
  const entry = page.getByRole('region', { name: 'Conductores Activos' }).getByRole('button', { name: new RegExp(`${DRIVER.first_name} ${DRIVER.last_name}`) });
  await expect(entry).toContainText('PHRX42');
  await entry.click();
  const popup = page.locator('.maplibregl-popup');
  await expect(popup).toContainText(`${DRIVER.first_name} ${DRIVER.last_name}`);
  const firstBox = await popup.boundingBox();
  await driverPage.waitForTimeout(BETWEEN_FIXES_MS);
  await moveTo(phone, STOPS[1]);
  // The phone sends its batch on its own beat and the map eases the marker: on a loaded machine that
  // took over 5 s, so this waits 15 s (the suite's expect timeout is 10 s).
  await expect.poll(async () => (await popup.boundingBox())?.y, { timeout: 15_000 }).not.toBe(firstBox?.y);

  // No connection: the page keeps the positions and says so.
  await phone.setOffline(true);
  await driverPage.waitForTimeout(BETWEEN_FIXES_MS);
  await moveTo(phone, STOPS[2]);
  await expect(driverPage.getByRole('alert')).toContainText('Sin conexión');
  await expect(pending).toHaveText('1');
  await driverPage.waitForTimeout(BETWEEN_FIXES_MS);
  await moveTo(phone, STOPS[3]);
  await expect(pending).toHaveText('2');
  await driverPage.screenshot({ path: screenshotPath('conductor-offline-390x844') });

  // Back online: both are sent, the error goes away.
  await phone.setOffline(false);
  await expect(pending).toHaveText('0');
  await expect(driverPage.getByRole('alert')).toHaveCount(0);

  // The trail has every stop in order, the offline ones included.
  const headers = { authorization: `Bearer ${token}` };
  const active = (await (await request.get('/api/shifts/active', { headers })).json()) as { shifts: Shift[] };
  const shift = active.shifts.find((s) => s.driver_id === driver.id) as Shift;
  const { locations } = (await (await request.get(`/api/shifts/${shift.id}/locations`, { headers })).json()) as { locations: LocationPoint[] };
  expect(locations.map(({ latitude, longitude }) => ({ latitude, longitude }))).toEqual(STOPS.slice(0, 4));
  const times = locations.map((p) => Date.parse(p.timestamp));
  expect([...times].sort((a, b) => a - b)).toEqual(times);

  // The owner's map moved on to the last stop too.
  await expect(popup).toContainText('Última actualización');
  // Ending the shift is asked twice: one tap by mistake ended it.
  await driverPage.getByRole('button', { name: 'Terminar turno' }).click();
  const question = driverPage.getByRole('group', { name: '¿Terminar el turno? Dejarás de recibir viajes.' });
  await expect(question.getByRole('button', { name: 'Sí, terminar turno' })).toBeFocused();
  await driverPage.screenshot({ path: screenshotPath('conductor-end-shift-confirm-390x844') });
  await question.getByRole('button', { name: 'Seguir en turno' }).click();
  await expect(entry).toHaveCount(1);
  await driverPage.getByRole('button', { name: 'Terminar turno' }).click();
  await driverPage.getByRole('button', { name: 'Sí, terminar turno' }).click();
  await expect(driverPage.getByRole('button', { name: 'Iniciar turno' })).toBeVisible();
  await expect(entry).toHaveCount(0);
  const after = (await (await request.get('/api/shifts/active', { headers })).json()) as { shifts: Shift[] };
  expect(after.shifts.some((s) => s.driver_id === driver.id)).toBe(false);
  await phone.close();
});

test('/conductor on a phone says when location permission is denied', async ({ browser, request }) => {
  await createDriver(request, await ownerToken(request), OTHER_DRIVER, 'PHRX43');
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, permissions: [] });
  const driverPage: Page = await phone.newPage();
  await driverPage.goto(`/conductor?flota=${DEMO_FLEET_CODE}`);
  await driverPage.getByLabel('RUT').fill(OTHER_DRIVER.rut);
  await driverPage.getByLabel('Contraseña').fill(OTHER_DRIVER.password);
  await driverPage.getByRole('button', { name: 'Ingresar' }).click();
  await driverPage.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(driverPage.getByRole('alert')).toContainText('Permiso de ubicación denegado');
  await driverPage.screenshot({ path: screenshotPath('conductor-permission-denied-390x844') });
  await driverPage.getByRole('button', { name: 'Terminar turno' }).click();
  await driverPage.getByRole('button', { name: 'Sí, terminar turno' }).click();
  await expect(driverPage.getByRole('button', { name: 'Iniciar turno' })).toBeVisible();
  await phone.close();
});
