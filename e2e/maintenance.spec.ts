/**
 * Mantención (issue 34, item 7), the owner's journey: a new taxi's odometer and an oil-change plan
 * "cada 10.000 km o 6 meses" start "Al día"; a new reading of the dashboard brings the plan within
 * 1.000 km and it comes due: the plan reads "Próxima", the Alertas inbox holds one "Mantención
 * próxima" for the taxi, and its card in Vehículos carries the badge. A service registered with its
 * cost shows in Reportes' costs per taxi and month. The Operador reads without the forms.
 * Screenshots at 1366×768 and 390×844, light and dark.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { DEMO_PASSWORD, logIn, screenshotPath } from './support/session';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const PLATE = 'KRTX27';
const OPERATOR = { rut: '6.666.666-2', password: DEMO_PASSWORD };

let vehicleId: number | null = null;
async function ownerHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { rut: '12.345.678-5', password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}
test.afterEach(async ({ request }) => {
  const headers = await ownerHeaders(request);
  // Its alert acknowledged and the taxi removed: other journeys count the open alerts and the demo fleet's vehicles.
  const open = (await (await request.get('/api/alerts?state=open', { headers })).json()) as { alerts: { id: number; vehicle: { plate: string } | null }[] };
  for (const alert of open.alerts.filter((a) => a.vehicle?.plate === PLATE)) await request.post(`/api/alerts/${alert.id}/acknowledge`, { headers, data: { note: 'Fin de la prueba' } });
  if (vehicleId) expect((await request.delete(`/api/vehicles/${vehicleId}`, { headers })).status()).toBe(200);
  vehicleId = null;
});

async function chooseTheme(page: Page, theme: 'Claro' | 'Oscuro') {
  await page.getByRole('group', { name: 'Tema' }).getByRole('button', { name: theme }).click();
}
async function shootBothThemes(page: Page, name: string) {
  await chooseTheme(page, 'Claro');
  await page.screenshot({ path: screenshotPath(`${name}-light`) });
  await chooseTheme(page, 'Oscuro');
  await page.screenshot({ path: screenshotPath(`${name}-dark`) });
  await chooseTheme(page, 'Claro');
}

test('a maintenance plan comes due with a new odometer reading and raises one alert; the service\'s cost reaches Reportes', async ({ page, request }) => {
  test.setTimeout(180_000);
  const headers = await ownerHeaders(request);
  const created = await request.post('/api/vehicles', { headers, data: { plate_number: PLATE, model: 'Nissan Versa', color: 'Negro', year: 2021 } });
  expect(created.status(), await created.text()).toBe(201);
  vehicleId = ((await created.json()) as { vehicle: { id: number } }).vehicle.id;

  await page.setViewportSize(DESKTOP);
  await logIn(page);
  await page.getByRole('link', { name: 'Mantención' }).click();
  await expect(page.getByRole('heading', { name: 'Mantención', exact: true })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(PLATE) }).click();
  await expect(page.getByRole('heading', { name: `Taxi ${PLATE}` })).toBeVisible();
  await expect(page.getByText('Sin lectura: ingresa los km del tablero')).toBeVisible();

  const odometer = page.getByRole('form', { name: 'Registrar lectura del odómetro' });
  await odometer.getByLabel('Km del tablero').fill('8.000');
  await odometer.getByRole('button', { name: 'Guardar lectura' }).click();
  await expect(page.getByText('Odómetro registrado: 8.000 km')).toBeVisible();

  const planForm = page.getByRole('form', { name: 'Nuevo plan' });
  await planForm.getByLabel('Mantención').fill('Cambio de aceite');
  await planForm.getByLabel('Cada (km)').fill('10.000');
  await planForm.getByLabel('o cada (meses)').fill('6');
  await planForm.getByLabel('a los (km)').fill('0');
  await planForm.getByRole('button', { name: 'Crear plan' }).click();
  const plan = page.getByRole('region', { name: 'Planes' }).getByRole('listitem').filter({ hasText: 'Cambio de aceite' });
  await expect(plan.getByText('Al día')).toBeVisible();
  await expect(plan.getByText('A los 10.000 km (faltan 2.000 km)')).toBeVisible();

  // The taxi drove on: the dashboard now reads 9.400 km, 600 km before the change.
  await odometer.getByLabel('Km del tablero').fill('9.400');
  await odometer.getByRole('button', { name: 'Guardar lectura' }).click();
  await expect(plan.getByText('Próxima')).toBeVisible();
  await expect(plan.getByText('A los 10.000 km (faltan 600 km)')).toBeVisible();
  await expect(page.getByText('1 plan requiere atención')).toBeVisible();
  await shootBothThemes(page, 'maintenance-due-1366');

  // The alert, once, in the inbox (the live channel brings it; the page asks anew on opening too).
  await page.getByRole('link', { name: /^Alertas/ }).first().click();
  const inbox = page.getByRole('list', { name: 'Alertas' });
  await expect(inbox.getByText(`Mantención próxima: Cambio de aceite (${PLATE})`)).toHaveCount(1);
  await expect(inbox.getByText('Faltan 600 km (toca a los 10.000 km)', { exact: false })).toBeVisible();
  await shootBothThemes(page, 'maintenance-alert-1366');

  // The vehicle card's badge leads back to the taxi's maintenance.
  await page.getByRole('link', { name: 'Vehículos' }).click();
  await page.getByRole('link', { name: 'Mantención próxima' }).click();
  await expect(page.getByRole('heading', { name: `Taxi ${PLATE}` })).toBeVisible();

  const recordForm = page.getByRole('form', { name: 'Registrar servicio' });
  await recordForm.getByLabel('Tipo').fill('Cambio de aceite');
  await recordForm.getByLabel('Taller').fill('Lubricentro La Ligua');
  await recordForm.getByLabel('Costo ($)').fill('38.990');
  await recordForm.getByRole('button', { name: 'Registrar servicio' }).click();
  await expect(page.getByText('Servicio "Cambio de aceite" registrado: $38.990')).toBeVisible();
  await expect(plan.getByText('Al día')).toBeVisible();
  await expect(plan.getByText('A los 19.400 km (faltan 10.000 km)')).toBeVisible();

  await page.getByRole('link', { name: 'Reportes' }).click();
  const costs = page.getByRole('region', { name: 'Costo de mantención por taxi y mes' });
  await expect(costs.getByRole('row', { name: new RegExp(`${PLATE}.*\\$38\\.990`) })).toBeVisible();

  // On a phone the theme switch sits in the account menu: it is chosen at the desk's width first.
  await page.goto(`/dashboard/maintenance?vehiculo=${vehicleId}`);
  for (const [theme, suffix] of [['Claro', 'light'], ['Oscuro', 'dark']] as const) {
    await page.setViewportSize(DESKTOP);
    await chooseTheme(page, theme);
    await page.setViewportSize(PHONE);
    // The chosen taxi comes first on a phone, above the fleet's list.
    await expect(page.getByRole('heading', { name: `Taxi ${PLATE}` })).toBeInViewport();
    await page.screenshot({ path: screenshotPath(`maintenance-390-${suffix}`) });
    await page.getByRole('heading', { name: 'Servicios' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`maintenance-services-390-${suffix}`) });
    await page.getByRole('heading', { name: 'Mantención', exact: true }).scrollIntoViewIfNeeded();
  }
  await page.setViewportSize(DESKTOP);
  await chooseTheme(page, 'Claro');
});

test('the Operador reads a taxi\'s maintenance without the forms', async ({ page, request }) => {
  const headers = await ownerHeaders(request);
  const created = await request.post('/api/vehicles', { headers, data: { plate_number: PLATE } });
  vehicleId = ((await created.json()) as { vehicle: { id: number } }).vehicle.id;
  await request.put(`/api/maintenance/vehicles/${vehicleId}/odometer`, { headers, data: { reading_km: 50_000, read_on: '2026-01-05' } });
  await page.setViewportSize(DESKTOP);
  await logIn(page, OPERATOR.rut, OPERATOR.password);
  await page.goto(`/dashboard/maintenance?vehiculo=${vehicleId}`);
  await expect(page.getByRole('heading', { name: `Taxi ${PLATE}` })).toBeVisible();
  await expect(page.getByText('Lectura de 50.000 km el 05/01/2026')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar lectura' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Crear plan' })).toHaveCount(0);
});
