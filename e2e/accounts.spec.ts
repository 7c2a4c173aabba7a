/**
 * Cuentas (issue 35) in Chromium against the real server, what crosses the server and the browsers:
 * a driver's shift ends and the cuota diaria charges itself; the Operador records a cash payment at
 * the desk (a double click stores one); the estado de cuenta downloads as .xlsx from the real bundle;
 * and the driver's phone shows the balance under "Mi cuenta".
 *
 * Fares (issue 35, item 8): the driver on a porcentaje cuota types the taxímetro's amount at Finalizar
 * on /conductor, the trip shows it on Despacho, and the shift's end charges the percentage of it on
 * the desk. Then every Cuentas screen in the light and the dark theme at both sizes.
 *
 * What needs no browser is tested beside the code: the balances, the terms form, the payment form's
 * refusals and its one key per filling, reversals, roles, the settings and the tariff form
 * (src/features/driverAccounts/*.test.tsx), the .xlsx read back (accountsXlsx.test.ts), the dashboard's
 * drivers behind (AccountsPage.test.tsx), the taxímetro amount refused with decimals
 * (src/features/conductor/dispatch/DriverDispatch.test.tsx), Reportes' income columns
 * (src/features/reports/ReportsPage.test.tsx and server/modules/reports/reportsRoutes.test.ts), the
 * ledger's sums and the cierre del día (server/modules/accounts/accounts.test.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './support/test';
import { unzipSync } from 'fflate';
import { boardCard, createDriver, Leftovers, PAPUDO, person, phoneOnShift } from './support/dispatch';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';
import { formatDay } from '../contract/dateFormat';

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

test('a shift’s end charges the cuota diaria, the Operador records a cash payment, the estado de cuenta downloads, and the phone shows Mi cuenta', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  const vehicle = await request.post('/api/vehicles', { headers: owner, data: { plate_number: 'CTRX35', model: 'Nissan Versa', color: 'Blanco', year: 2023 } });
  expect(vehicle.status()).toBe(201);
  created.vehicle = ((await vehicle.json()) as { vehicle: { id: number } }).vehicle.id;
  const driver = await request.post('/api/drivers', { headers: owner, data: { ...DRIVER, current_vehicle_id: created.vehicle } });
  expect(driver.status()).toBe(201);
  const driverId = ((await driver.json()) as { driver: { id: number } }).driver.id;
  created.driver = driverId;
  // The owner's cuota diaria from today (the form is tested in DriverAccountPage.test.tsx).
  const terms = await request.post(`/api/accounts/drivers/${driverId}/terms`, { headers: owner, data: { kind: 'diaria', amount: 20_000, effective_from: today() } });
  expect(terms.status(), await terms.text()).toBe(201);

  // The driver's shift ends: the charge writes itself.
  const login = await request.post('/api/driver/login', { data: { fleet_code: DEMO_FLEET_CODE, rut: DRIVER.rut, password: DRIVER.password } });
  expect(login.ok()).toBe(true);
  const driverHeaders = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await request.post('/api/driver/shifts/start', { headers: driverHeaders, data: {} })).ok()).toBe(true);
  expect((await request.post('/api/driver/shifts/end', { headers: driverHeaders, data: {} })).ok()).toBe(true);
  const balance = async () => ((await (await request.get(`/api/accounts/drivers/${driverId}`, { headers: owner })).json()) as { account: { balance: number } }).account.balance;
  await expect.poll(balance, { timeout: 30_000 }).toBe(20_000);

  // The Operador, at the desk, sees the charge and records a cash payment.
  const desk = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await logIn(desk, OPERATOR_RUT);
  await desk.goto(`/dashboard/accounts/${driverId}`);
  await expect(desk.getByTestId('saldo')).toHaveText('Debe $20.000');
  await expect(desk.getByRole('table', { name: /Últimos movimientos/ }).getByRole('cell', { name: `Cuota del día ${formatDay(today())}` })).toBeVisible();
  const payment = desk.getByRole('form', { name: 'Registrar movimiento' });
  await payment.getByLabel('Monto ($)').fill('15.000');
  await payment.getByRole('button', { name: 'Registrar' }).dblclick();
  await expect(desk.getByTestId('saldo')).toHaveText('Debe $5.000');
  // A double click stored one payment.
  const stored = (await (await request.get(`/api/accounts/drivers/${driverId}`, { headers: owner })).json()) as { entries: Array<{ kind: string; amount: number; recorded_by: string }> };
  expect(stored.entries.filter((entry) => entry.kind === 'efectivo')).toEqual([expect.objectContaining({ amount: -15_000, recorded_by: 'Daniela Pérez' })]);

  // The estado de cuenta as .xlsx from the real bundle (its chunks load on the click); its cells are read back in accountsXlsx.test.ts.
  await expect(desk.getByTestId('saldo-final')).toHaveText('$5.000');
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Exportar Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^estado-de-cuenta-cuevas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(Object.keys(unzipSync(new Uint8Array(readFileSync((await file.path()) as string))))).toContain('xl/worksheets/sheet1.xml');
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
  await phone.screenshot({ path: screenshotPath('accounts-conductor-390') });
  await phone.close();
});

test('fares: the driver types the taxímetro amount at Finalizar, the trip shows it on Despacho, and a porcentaje cuota charges its share', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const owner = { authorization: `Bearer ${await tokenOf(request, DEMO_RUT)}` };
  tariffBefore = ((await (await request.get('/api/dispatch/fare-tariff', { headers: owner })).json()) as { tariff: unknown }).tariff;
  const who = person('Tomás', 'Fuentes', 35);
  const driver = await createDriver(request, leftovers, who, 'FRTX35');
  // The tariff on and the driver's 30 % (their forms are tested in AccountsPage.test.tsx and DriverAccountPage.test.tsx).
  expect((await request.put('/api/dispatch/fare-tariff', { headers: owner, data: { enabled: true, flag_down: 450, step: 190 } })).ok()).toBe(true);
  const terms = await request.post(`/api/accounts/drivers/${driver.id}/terms`, { headers: owner, data: { kind: 'porcentaje', amount: 30, effective_from: today() } });
  expect(terms.status(), await terms.text()).toBe(201);

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
  await expect(finish).toContainText('Si lo dejas vacío, Flota estima la tarifa con la distancia y el tiempo del viaje.');
  // Finalizar on an empty field asks once (issue 46); the driver goes back and types the amount.
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  const noFare = finish.getByRole('group', { name: '¿Terminar sin monto? Flota estimará la tarifa' });
  await expect(noFare.getByRole('button', { name: 'Terminar sin monto' })).toBeFocused();
  await noFare.scrollIntoViewIfNeeded();
  await driverPage.screenshot({ path: screenshotPath('accounts-finish-no-fare-390') });
  await noFare.getByRole('button', { name: 'Escribir el monto' }).click();
  await finish.getByLabel('Monto del taxímetro (opcional)').fill('12.500');
  await finish.scrollIntoViewIfNeeded();
  await driverPage.emulateMedia({ colorScheme: 'light' });
  await driverPage.screenshot({ path: screenshotPath('accounts-finish-fare-390') });
  await driverPage.emulateMedia({ colorScheme: 'dark' });
  await driverPage.screenshot({ path: screenshotPath('accounts-finish-fare-390-dark') });
  await driverPage.emulateMedia({ colorScheme: 'light' });
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(driverPage.getByText(/Esperando viajes/)).toBeVisible();

  // The trip on Despacho carries the typed fare.
  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page);
  await page.goto('/dashboard/dispatch');
  await boardCard(page, 'Finalizados hoy', bookingId).click();
  await expect(page.getByText('Tarifa: $12.500 (taxímetro)')).toBeVisible();
  await page.screenshot({ path: screenshotPath('accounts-trip-fare-1366') });

  // The shift ends on the phone: the porcentaje charges 30 % of $12.500.
  await driverPage.getByRole('button', { name: 'Terminar turno' }).click();
  await driverPage.getByRole('button', { name: 'Sí, terminar turno' }).click();
  await expect(driverPage.getByRole('button', { name: 'Iniciar turno' })).toBeVisible();
  await phone.close();
  const balance = async () => ((await (await request.get(`/api/accounts/drivers/${driver.id}`, { headers: owner })).json()) as { account: { balance: number } }).account.balance;
  await expect.poll(balance, { timeout: 30_000 }).toBe(3_750);
  await page.goto(`/dashboard/accounts/${driver.id}`);
  await expect(page.getByTestId('saldo')).toHaveText('Debe $3.750');
  await expect(page.getByRole('table', { name: /Últimos movimientos/ }).getByRole('cell', { name: /^Cuota: % de las tarifas del turno #\d+$/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('accounts-percentage-charge-1366') });
});

test('every Cuentas screen in the light and the dark theme, at 1366×768 and 390×844', async ({ page, request }) => {
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
  // One session: the app follows the system's scheme as it changes (ThemedRoot), so each size and
  // scheme is a viewport and an emulated media query, not a new sign-in; each screen loads once per
  // size and changes scheme in place (its colours are CSS only: no canvas to redraw).
  await logIn(page);
  for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    for (const [name, path, heading] of screens) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', scheme);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
        await expect(page.getByText(/^Cargando/)).toHaveCount(0);
        // Nothing spills sideways: a wide table scrolls inside its own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${size.width} ${scheme}`).toBeLessThanOrEqual(size.width);
        await page.screenshot({ path: screenshotPath(`accounts-screen-${name}-${size.width}-${scheme}`), fullPage: true });
      }
    }
  }
});
