/**
 * Mantención (issue 34, item 7), what crosses the server and the browser: a taxi's oil change "cada
 * 10.000 km o 6 meses" is on time; the owner types a new reading of the dashboard that brings it within
 * 1.000 km, the plan reads "Próxima", and the server's rule raises one "Mantención próxima" that the
 * Alertas inbox shows. Screenshots at 1366×768 and 390×844 (the chosen taxi first on a phone, above
 * the fleet's list; its services), light and dark.
 *
 * What needs no browser is tested beside the code: the fleet's list, the forms and their refusals,
 * a service restarting its plan, deletes, the Operador's read-only view and the vehicle card's badge
 * (src/features/maintenance/MaintenancePage.test.tsx); Reportes' costs per taxi and month
 * (MaintenanceCostsSection.test.tsx and server/modules/maintenance/maintenance.test.ts); the rule,
 * once per occurrence across sweeps and restarts (maintenance.test.ts, dueRule.test.ts).
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { DEMO_PASSWORD, logIn, screenshotPath } from './support/session';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const PLATE = 'KRTX27';

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

test('a new odometer reading brings the oil change within 1.000 km, and its one alert reaches the inbox', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await ownerHeaders(request);
  const created = await request.post('/api/vehicles', { headers, data: { plate_number: PLATE, model: 'Nissan Versa', color: 'Negro', year: 2021 } });
  expect(created.status(), await created.text()).toBe(201);
  vehicleId = ((await created.json()) as { vehicle: { id: number } }).vehicle.id;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  // The taxi's dashboard read 8.000 km; the oil change was done at 0 km (the forms are tested in MaintenancePage.test.tsx).
  expect((await request.put(`/api/maintenance/vehicles/${vehicleId}/odometer`, { headers, data: { reading_km: 8_000, read_on: today } })).ok()).toBe(true);
  const plan = await request.post(`/api/maintenance/vehicles/${vehicleId}/plans`, { headers, data: { kind: 'Cambio de aceite', every_km: 10_000, every_months: 6, last_done_on: today, last_done_km: 0 } });
  expect(plan.status(), await plan.text()).toBe(201);
  const record = await request.post(`/api/maintenance/vehicles/${vehicleId}/records`, { headers, data: { done_on: today, odometer_km: 8_000, kind: 'Frenos', workshop: 'Lubricentro La Ligua', cost_pesos: 38_990, notes: 'Pastillas delanteras' } });
  expect(record.status(), await record.text()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await logIn(page);
  await page.goto(`/dashboard/maintenance?vehiculo=${vehicleId}`);
  await expect(page.getByRole('heading', { name: `Taxi ${PLATE}` })).toBeVisible();
  const oilChange = page.getByRole('region', { name: 'Planes' }).getByRole('listitem').filter({ hasText: 'Cambio de aceite' });
  await expect(oilChange.getByText('Al día')).toBeVisible();

  // The taxi drove on: the dashboard now reads 9.400 km, 600 km before the change.
  const odometer = page.getByRole('form', { name: 'Registrar lectura del odómetro' });
  await odometer.getByLabel('Km del tablero').fill('9.400');
  await odometer.getByRole('button', { name: 'Guardar lectura' }).click();
  await expect(oilChange.getByText('Próxima')).toBeVisible();
  await expect(oilChange.getByText('A los 10.000 km (faltan 600 km)')).toBeVisible();
  await shootBothThemes(page, 'maintenance-due-1366');

  // The alert, once, in the inbox (the live channel brings it; the page asks anew on opening too).
  await page.getByRole('link', { name: /^Alertas/ }).first().click();
  const inbox = page.getByRole('list', { name: 'Alertas' });
  await expect(inbox.getByText(`Mantención próxima: Cambio de aceite (${PLATE})`)).toHaveCount(1);
  await expect(inbox.getByText('Faltan 600 km (toca a los 10.000 km)', { exact: false })).toBeVisible();
  await shootBothThemes(page, 'maintenance-alert-1366');

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
