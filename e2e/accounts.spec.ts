/**
 * Cuentas (issue 35) in Chromium against the real server: the owner sets a cuota diaria of $20.000,
 * the driver's shift ends and the charge appears by itself, the operator records a cash payment, the
 * estado de cuenta's .xlsx read back closes at the right balance (pesos as number cells, days as date
 * cells), the driver's /conductor shows it under "Mi cuenta", and the cierre del día adds up.
 * Screenshots at 1366×768 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';

const DRIVER = { rut: '18.765.432-7', password: 'cuenta-1234', first_name: 'Rosa', last_name: 'Cuevas' };
const OPERATOR_RUT = '6.666.666-2';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

async function tokenOf(request: APIRequestContext, rut: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { rut, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

const created: { driver?: number; vehicle?: number } = {};

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  // The other journeys count the demo fleet's 25 drivers and vehicles; the ledger keeps its entries (append-only).
  if (created.driver) await request.delete(`/api/drivers/${created.driver}`, { headers });
  if (created.vehicle) await request.delete(`/api/vehicles/${created.vehicle}`, { headers });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(name), fullPage: false });
}

test('cuota diaria, the charge after a shift, a cash payment, the estado de cuenta read back, Mi cuenta and the cierre del día', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const owner = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  const vehicle = await request.post('/api/vehicles', { headers: owner, data: { plate_number: 'CTRX35', model: 'Nissan Versa', color: 'Blanco', year: 2023 } });
  expect(vehicle.status()).toBe(201);
  created.vehicle = ((await vehicle.json()) as { vehicle: { id: number } }).vehicle.id;
  const driver = await request.post('/api/drivers', { headers: owner, data: { ...DRIVER, current_vehicle_id: created.vehicle } });
  expect(driver.status()).toBe(201);
  const driverId = ((await driver.json()) as { driver: { id: number } }).driver.id;
  created.driver = driverId;

  // The owner sets the cuota diaria from today.
  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page);
  // The demo's month leaves some drivers behind by more than the fleet's 3 days: "Requiere atención" lists them.
  const behind = page.getByRole('list', { name: 'Conductores con atraso en su cuenta' });
  await expect(behind.getByRole('listitem').first()).toContainText(/\d+ días de atraso, debe \$[\d.]+/);
  await page.getByRole('navigation').getByRole('link', { name: 'Cuentas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cuentas' })).toBeVisible();
  await shot(page, 'accounts-balances-1366');
  await page.getByRole('link', { name: `${DRIVER.first_name} ${DRIVER.last_name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Cuenta de ${DRIVER.first_name} ${DRIVER.last_name}` })).toBeVisible();
  await expect(page.getByTestId('saldo')).toHaveText('Al día');
  const terms = page.getByRole('form', { name: 'Condiciones' });
  await terms.getByLabel('Condición').selectOption('diaria');
  await terms.getByLabel('Monto ($)').fill('20.000');
  await terms.getByRole('button', { name: 'Guardar condiciones' }).click();
  await expect(page.getByText('Cuota diaria: $20.000', { exact: true })).toBeVisible();

  // The driver's shift ends: the charge writes itself.
  const login = await request.post('/api/driver/login', { data: { fleet_code: DEMO_FLEET_CODE, rut: DRIVER.rut, password: DRIVER.password } });
  expect(login.ok()).toBe(true);
  const driverHeaders = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await request.post('/api/driver/shifts/start', { headers: driverHeaders, data: {} })).ok()).toBe(true);
  expect((await request.post('/api/driver/shifts/end', { headers: driverHeaders, data: {} })).ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('saldo')).toHaveText('Debe $20.000', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: /Últimos movimientos/ }).getByRole('cell', { name: `Cuota del día ${today().split('-').reverse().join('-')}` })).toBeVisible();

  // The operator, at the desk, records a cash payment; the cierre del día is read before and after.
  const operator = { authorization: `Bearer ${await tokenOf(request, OPERATOR_RUT)}` };
  const before = (await (await request.get('/api/accounts/closing', { headers: operator })).json()) as { expected_cash: number; collections_total: number };
  const desk = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await logIn(desk, OPERATOR_RUT);
  await desk.goto(`/dashboard/accounts/${driverId}`);
  await expect(desk.getByRole('form', { name: 'Condiciones' })).toHaveCount(0); // an operator does not set terms
  const payment = desk.getByRole('form', { name: 'Registrar movimiento' });
  await expect(payment.getByLabel('Tipo').locator('option')).toHaveText(['Pago en efectivo', 'Pago por transferencia', 'Descuento']);
  await payment.getByLabel('Monto ($)').fill('15.000');
  await payment.getByRole('button', { name: 'Registrar' }).dblclick();
  await expect(desk.getByTestId('saldo')).toHaveText('Debe $5.000');
  await shot(desk, 'accounts-driver-1366');
  // A double click stored one payment.
  const stored = (await (await request.get(`/api/accounts/drivers/${driverId}`, { headers: owner })).json()) as { entries: Array<{ kind: string; amount: number; recorded_by: string }> };
  expect(stored.entries.filter((entry) => entry.kind === 'efectivo')).toEqual([expect.objectContaining({ amount: -15_000, recorded_by: 'Daniela Pérez' })]);

  // The estado de cuenta as .xlsx, read back: closing balance 5000 as a number, days as date cells.
  await expect(desk.getByTestId('saldo-final')).toHaveText('$5.000');
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Exportar Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^estado-de-cuenta-cuevas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
  const shared = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
  const strings = [...shared.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]);
  const cells = [...sheet.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*?)(?:\/>|>(?:<v>([^<]*)<\/v>)?<\/c>)/g)].map(([, column, row, attributes, value]) => ({ column, row: Number(row), shared: attributes.includes('t="s"'), value }));
  const textOf = (cell: (typeof cells)[number]) => (cell.shared ? strings[Number(cell.value)] : cell.value);
  const closingLabel = cells.find((cell) => cell.column === 'A' && textOf(cell) === 'Saldo final');
  expect(closingLabel).toBeDefined();
  const closingValue = cells.find((cell) => cell.column === 'B' && cell.row === closingLabel?.row);
  expect(closingValue).toMatchObject({ shared: false, value: '5000' });
  // The entries' dates (column A from the header row on) are date cells: numbers with a style, never text.
  const header = cells.find((cell) => cell.column === 'A' && textOf(cell) === 'Fecha');
  const dates = cells.filter((cell) => cell.column === 'A' && cell.row > (header?.row ?? 0) && cell.row < (closingLabel?.row ?? 0) - 1);
  expect(dates.length).toBeGreaterThanOrEqual(2);
  for (const cell of dates) expect(cell.shared).toBe(false);

  // The cierre del día adds up: the operator's cash is in the expected cash.
  await desk.getByRole('link', { name: 'Volver a Cuentas' }).click();
  await desk.getByRole('link', { name: 'Cierre del día' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Cierre del día' })).toBeVisible();
  const pesos = (text: string | null) => Number((text ?? '').replace(/[^0-9-]/g, ''));
  await expect.poll(async () => pesos(await desk.getByTestId('efectivo-esperado').textContent())).toBe(before.expected_cash + 15_000);
  expect(pesos(await desk.getByTestId('total-recaudado').textContent())).toBe(before.collections_total + 15_000);
  const methods = desk.getByRole('table', { name: 'Recaudado por medio de pago' });
  const methodTotals = (await methods.locator('tbody td:nth-child(3)').allTextContents()).map(pesos);
  expect(methodTotals.reduce((a, b) => a + b, 0)).toBe(pesos(await methods.locator('tfoot td').nth(1).textContent()));
  await shot(desk, 'accounts-closing-1366');
  await desk.setViewportSize({ width: 390, height: 844 });
  await shot(desk, 'accounts-closing-390');
  await desk.goto(`/dashboard/accounts/${driverId}`);
  await expect(desk.getByTestId('saldo')).toHaveText('Debe $5.000');
  await shot(desk, 'accounts-driver-390');
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await desk.close();

  // The driver sees it on /conductor.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`/conductor?flota=${DEMO_FLEET_CODE}`);
  await phone.getByLabel('RUT').fill(DRIVER.rut);
  await phone.getByLabel('Contraseña').fill(DRIVER.password);
  await phone.getByRole('button', { name: 'Ingresar' }).click();
  await expect(phone.getByRole('region', { name: 'Mi cuenta' }).getByTestId('mi-saldo')).toHaveText('Debes $5.000');
  await expect(phone.getByRole('region', { name: 'Mi cuenta' }).getByText('Pago en efectivo')).toBeVisible();
  await phone.getByRole('heading', { name: 'Mi cuenta' }).scrollIntoViewIfNeeded();
  await shot(phone, 'accounts-conductor-390');
  await phone.close();
});
