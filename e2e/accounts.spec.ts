/**
 * Cuentas (issue 35) in Chromium against the real server: the owner sets a cuota diaria of $20.000,
 * the driver's shift ends and the charge appears by itself, the operator records a cash payment, the
 * estado de cuenta's .xlsx read back closes at the right balance (pesos as number cells, days as date
 * cells), the driver's /conductor shows it under "Mi cuenta", and the cierre del día adds up.
 * Screenshots at 1366×768 and 390×844.
 *
 * Fares (issue 35, item 8): the owner turns the taxímetro tariff on, a driver on a porcentaje cuota
 * types the taxímetro's amount at Finalizar on /conductor, the trip shows it on Despacho, Reportes
 * counts it as income, and the shift's end charges the percentage of it. Then every Cuentas screen
 * in the light and the dark theme at both sizes.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { strFromU8, unzipSync } from 'fflate';
import { boardCard, createDriver, deskOnDispatch, Leftovers, PAPUDO, person, phoneOnShift } from './support/dispatch';
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
const leftovers = new Leftovers();
let tariffBefore: unknown = null;

test.afterAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  // The fleet's tariff as it was: the other journeys' trips record no fare.
  if (tariffBefore) await request.put('/api/dispatch/fare-tariff', { headers, data: tariffBefore });
  await leftovers.clear(request);
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

test('fares: the owner sets the tariff, the driver types the taxímetro amount at Finalizar, the trip shows it, Reportes counts it, and a porcentaje cuota charges its share', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const owner = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  tariffBefore = ((await (await request.get('/api/dispatch/fare-tariff', { headers: owner })).json()) as { tariff: unknown }).tariff;
  const who = person('Tomás', 'Fuentes', 35);
  const driver = await createDriver(request, leftovers, who, 'FRTX35');

  // The owner turns the tariff on, on Cuentas: $450 the bajada de bandera, $190 each 200 m or 60 s.
  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page);
  await page.goto('/dashboard/accounts');
  const tariff = page.getByRole('form', { name: 'Tarifa del taxímetro' });
  await tariff.getByLabel('Registrar la tarifa de cada viaje').check();
  await tariff.getByLabel('Bajada de bandera').fill('450');
  await tariff.getByLabel('Por cada 200 m o 60 s').fill('190');
  // 3 km in 10 minutes: 15 steps of 200 m.
  await expect(tariff).toContainText('un viaje de 3 km en 10 minutos marca $3.300');
  await tariff.getByRole('button', { name: 'Guardar tarifa' }).click();
  await expect(page.getByText('Tarifa guardada: los viajes registran su tarifa.')).toBeVisible();
  await tariff.scrollIntoViewIfNeeded();
  await shot(page, 'accounts-tariff-1366');

  // The driver's terms: 30 % of what they collect.
  await page.goto(`/dashboard/accounts/${driver.id}`);
  const terms = page.getByRole('form', { name: 'Condiciones' });
  await terms.getByLabel('Condición').selectOption('porcentaje');
  await expect(terms).toContainText('Al terminar cada turno se carga este porcentaje de las tarifas de sus viajes');
  await terms.getByLabel('Porcentaje (%)').fill('30');
  await terms.getByRole('button', { name: 'Guardar condiciones' }).click();
  await expect(page.getByText('Porcentaje de lo recaudado: 30%', { exact: true })).toBeVisible();

  // A trip for the driver's phone in Papudo, finished with the taxímetro's amount.
  const { phone, page: driverPage } = await phoneOnShift(browser, who, PAPUDO);
  const booked = await request.post('/api/dispatch/bookings', { headers: owner, data: { customer_phone: '+56987650035', pickup: { ...PAPUDO, label: 'Caleta de Papudo' } } });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { booking: { id: number } }).booking.id;
  leftovers.bookings.push(bookingId);
  // The desk assigns it to the driver by hand (an offer could go to any free taxi of the fleet).
  expect((await request.post(`/api/dispatch/bookings/${bookingId}/assign`, { headers: owner, data: { driver_id: driver.id } })).status()).toBe(200);
  const trip = driverPage.getByRole('region', { name: 'Tu viaje' });
  await trip.getByRole('button', { name: 'Llegué' }).click();
  await trip.getByRole('button', { name: 'Pasajero a bordo' }).click();
  const finish = trip.getByRole('form', { name: 'Finalizar el viaje' });
  const amount = finish.getByLabel('Monto del taxímetro (opcional)');
  await expect(finish).toContainText('Si lo dejas vacío, Flota estima la tarifa con la distancia y el tiempo del viaje.');
  // A decimal is refused on the phone, before anything is sent.
  await amount.fill('12500,5');
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(finish).toContainText('Escribe el monto en pesos enteros, sin decimales');
  await amount.fill('12.500');
  await finish.scrollIntoViewIfNeeded();
  await driverPage.emulateMedia({ colorScheme: 'light' });
  await driverPage.screenshot({ path: screenshotPath('accounts-finish-fare-390') });
  await driverPage.emulateMedia({ colorScheme: 'dark' });
  await driverPage.screenshot({ path: screenshotPath('accounts-finish-fare-390-dark') });
  await driverPage.emulateMedia({ colorScheme: 'light' });
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(driverPage.getByText(/Esperando viajes/)).toBeVisible();

  // The trip on Despacho carries the typed fare.
  const { desk, page: dispatch } = await deskOnDispatch(browser);
  await boardCard(dispatch, 'Finalizados hoy', bookingId).click();
  await expect(dispatch.getByText('Tarifa: $12.500 (taxímetro)')).toBeVisible();
  await shot(dispatch, 'accounts-trip-fare-1366');
  await desk.close();

  // The shift ends on the phone: the porcentaje charges 30 % of $12.500.
  await driverPage.getByRole('button', { name: 'Terminar turno' }).click();
  await driverPage.getByRole('button', { name: 'Sí, terminar turno' }).click();
  await expect(driverPage.getByRole('button', { name: 'Iniciar turno' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('saldo')).toHaveText('Debe $3.750', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: /Últimos movimientos/ }).getByRole('cell', { name: /^Cuota: % de las tarifas del turno #\d+$/ })).toBeVisible();
  await shot(page, 'accounts-percentage-charge-1366');

  // Reportes: the driver's income today is the fare, none of it estimated.
  const day = today();
  await page.goto('/dashboard/reports');
  await page.getByRole('button', { name: 'Día', exact: true }).click();
  const report = page.getByRole('table', { name: /Reporte por conductor/ });
  const row = report.getByRole('row', { name: new RegExp(`${who.first_name} ${who.last_name}`) });
  await expect(report.getByRole('columnheader', { name: 'Ingresos', exact: true })).toBeVisible();
  await expect(row).toBeVisible();
  const headers = await report.getByRole('columnheader').allTextContents();
  const cellsOf = await row.getByRole('cell').allTextContents();
  expect(cellsOf[headers.indexOf('Ingresos') - 1]).toBe('$12.500');
  expect(cellsOf[headers.indexOf('Ingresos estimados') - 1]).toBe('$0');
  const byVehicle = (await (await request.get(`/api/reports?from=${day}&to=${day}&group=vehicle`, { headers: owner })).json()) as { rows: Array<{ name: string; fares_pesos: number }> };
  expect(byVehicle.rows.find((vehicleRow) => vehicleRow.name === 'FRTX35')?.fares_pesos).toBe(12_500);

  // Mi cuenta on the phone shows the charge.
  await driverPage.reload();
  const mine = driverPage.getByRole('region', { name: 'Mi cuenta' });
  await expect(mine.getByTestId('mi-saldo')).toHaveText('Debes $3.750');
  await phone.close();
});

test('every Cuentas screen in the light and the dark theme, at 1366×768 and 390×844', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  const { balances } = (await (await request.get('/api/accounts/balances', { headers: owner })).json()) as { balances: Array<{ driver_id: number; balance: number }> };
  const owing = balances.find((row) => row.balance > 0);
  expect(owing, 'the demo month leaves a driver owing').toBeDefined();
  const screens: Array<[string, string, string]> = [
    ['balances', '/dashboard/accounts', 'Cuentas'],
    ['driver', `/dashboard/accounts/${owing!.driver_id}`, 'Cuenta de'],
    ['closing', '/dashboard/accounts/closing', 'Cierre del día'],
  ];
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport: size, colorScheme: scheme, locale: 'es-CL', timezoneId: 'America/Santiago' });
      const page = await context.newPage();
      await logIn(page);
      for (const [name, path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
        await expect(page.getByText(/^Cargando/)).toHaveCount(0);
        // Nothing spills sideways: a wide table scrolls inside its own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${size.width} ${scheme}`).toBeLessThanOrEqual(size.width);
        await page.screenshot({ path: screenshotPath(`accounts-screen-${name}-${size.width}-${scheme}`), fullPage: true });
      }
      await context.close();
    }
  }
});
