/**
 * A desk a dispatcher acts on (issue 24, client half), in Chromium against the real server: the
 * attention list shows a taxi whose driver stopped posting and a licence about to expire, and each
 * link lands on the right place; Conductores' table view, sort and filter; the Operador's cards
 * without an empty action band; Historial by pages with a vehicle filter (needs the paged history
 * API). Screenshots at 1366x768 and 390x844, light and dark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { workerPorts } from './support/ports';
import { ownerApi, postLocation } from './support/liveMap';
import { DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';
import { spawnServer } from './support/spawnedServer';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const OPERATOR = { rut: '6.666.666-2', password: DEMO_PASSWORD };

async function ownerToken(request: APIRequestContext, baseUrl = '') {
  const login = await request.post(`${baseUrl}/api/auth/login`, { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  return ((await login.json()) as { token: string }).token;
}

/** The theme switch: in the top bar on a desk, inside the account menu on a phone. */
async function chooseTheme(page: Page, theme: 'Claro' | 'Oscuro') {
  const toggle = page.getByRole('group', { name: 'Tema' });
  const inMenu = !(await toggle.isVisible());
  const account = page.getByRole('button', { name: /Mi cuenta/ });
  if (inMenu) await account.click();
  await toggle.getByRole('button', { name: theme }).click();
  if (inMenu) await account.click();
}

/** The same screen in light and dark, at the page's current size. */
async function shootBothThemes(page: Page, name: string) {
  await chooseTheme(page, 'Claro');
  await page.screenshot({ path: screenshotPath(`${name}-light`) });
  await chooseTheme(page, 'Oscuro');
  await page.screenshot({ path: screenshotPath(`${name}-dark`) });
  await chooseTheme(page, 'Claro');
}

/**
 * The attention server's clock runs this far behind the browser's (FLOTA_CLOCK_OFFSET): a point the
 * driver posts at the server's now is already 10 minutes old on the desk, with no real wait.
 */
const CLOCK_BEHIND_SECONDS = 600;

test.describe('attention list, with a server of its own (its clock 10 minutes behind the desk)', () => {
  const port = workerPorts().spare;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-attention-'));
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a taxi whose driver stops posting and a licence about to expire, each linking to where it is handled', async ({ page, request }) => {
    test.setTimeout(240_000);
    const server = await spawnServer({ port, tilePort: port + 1, dataDir, env: { FLOTA_CLOCK_OFFSET: String(-CLOCK_BEHIND_SECONDS) } });
    try {
      // A driver created with a licence that expires in 10 days.
      const token = await ownerToken(request, server.url);
      // Ten days after today in Santiago (the browser's zone), not in UTC: from 21:00 to midnight in
      // Chile the UTC date is already tomorrow, and the screen said "vence en 11 días".
      const expiry = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date(Date.now() + 10 * 86_400_000));
      const created = await request.post(`${server.url}/api/drivers`, {
        headers: { authorization: `Bearer ${token}` },
        data: { rut: '13.579.246-2', password: 'clave-conductor-1', first_name: 'Rosa', last_name: 'Licencia', phone: '+56 9 5555 0000', license_number: 'A1-999', license_expiry: expiry },
      });
      expect(created.status()).toBe(201);

      // One taxi posts at the server's now, then stops: on the desk, that was 10 minutes ago.
      const { shifts } = await ownerApi(request, server.url);
      const taxi = shifts[0];
      await postLocation(request, taxi, -32.45, -71.24, server.url, new Date(Date.now() - CLOCK_BEHIND_SECONDS * 1000));

      await page.setViewportSize(DESKTOP);
      await logIn(page);
      const list = page.getByRole('list', { name: /Requiere atención/ });
      const licence = list.getByRole('listitem').filter({ hasText: 'Rosa Licencia' });
      await expect(licence).toContainText('Licencia vence pronto');
      await expect(licence).toContainText('vence en 10 días');
      const silent = list.getByRole('listitem').filter({ hasText: `${taxi.first_name} ${taxi.last_name}` }).filter({ hasText: 'Sin señal' });
      // Silent for 10 minutes (STALE_AFTER_SECONDS is 120) on the list's first load: nothing to wait for.
      await expect(silent).toContainText(/sin señal hace \d+ min/);
      await expect(silent.getByRole('link', { name: /^Llamar a / })).toHaveAttribute('href', /^tel:\+?\d+$/);
      await page.screenshot({ path: screenshotPath('desk-attention-1366') });
      await shootBothThemes(page, 'desk-attention-1366');
      await page.setViewportSize(PHONE);
      await shootBothThemes(page, 'desk-attention-390');
      await page.setViewportSize(DESKTOP);

      // The silent taxi: the map opens on it, with its popup and the driver's phone.
      await silent.getByRole('link', { name: /^Ver en el mapa/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mapa en Vivo' })).toBeVisible();
      const popup = page.getByRole('group', { name: /^Taxi #\d+$/ });
      await expect(popup).toContainText(`${taxi.first_name} ${taxi.last_name}`);
      await expect(popup.getByRole('link', { name: /^Llamar a / })).toHaveAttribute('href', /^tel:/);
      await page.screenshot({ path: screenshotPath('desk-attention-map-popup') });

      // The licence: Conductores opens on that driver's card, focused.
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await list.getByRole('listitem').filter({ hasText: 'Rosa Licencia' }).getByRole('link', { name: 'Ver conductor Rosa Licencia' }).click();
      await expect(page).toHaveURL(/\/dashboard\/drivers\?conductor=\d+$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Rosa Licencia' })).toBeFocused();
      await page.screenshot({ path: screenshotPath('desk-attention-driver-card') });
    } finally {
      await server.stop();
    }
  });
});

test('Conductores: table view, sort by licence expiry, Inactivo filter, remembered; the Operador gets cards without an empty band', async ({ browser }) => {
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await logIn(owner);
  await owner.getByRole('link', { name: 'Conductores' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Conductores' })).toBeVisible();
  await owner.getByRole('button', { name: 'Tabla' }).click();
  const table = owner.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader')).not.toHaveCount(0);
  await owner.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Vencimiento de licencia' });
  const expiries = await table.locator('tbody tr td:nth-child(4)').allTextContents();
  const dates = expiries.map((text) => /(\d{2})\/(\d{2})\/(\d{4})/.exec(text)).filter((match) => match !== null).map((match) => `${match[3]}-${match[2]}-${match[1]}`);
  expect(dates.length).toBeGreaterThan(1);
  expect([...dates].sort()).toEqual(dates);
  await shootBothThemes(owner, 'desk-drivers-table-1366');
  await owner.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Inactivo' });
  for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText('Inactivo');
  await owner.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Todos' });
  await owner.setViewportSize(PHONE);
  await shootBothThemes(owner, 'desk-drivers-table-390');
  await owner.setViewportSize(DESKTOP);
  // Remembered: after a reload the table view is back.
  await owner.reload();
  await expect(owner.getByRole('button', { name: 'Tabla' })).toHaveAttribute('aria-pressed', 'true');
  await expect(owner.getByRole('table')).toBeVisible();
  await ownerContext.close();

  const operatorContext = await browser.newContext({ viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await logIn(operator, OPERATOR.rut, OPERATOR.password);
  await operator.getByRole('link', { name: 'Vehículos' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeVisible();
  const cards = operator.getByRole('list', { name: 'Vehículos' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(operator.locator('.flota-card__actions')).toHaveCount(0);
  await expect(operator.getByRole('button', { name: /Editar/ })).toHaveCount(0);
  await shootBothThemes(operator, 'desk-vehicles-operator-1366');
  await operatorContext.close();
});

// Needs the server half of issue 24 (GET /shifts/history pages with limit/offset/next_offset, vehicle_id).
test('Historial by pages: the first 100, "Mostrando … de …", Cargar más, and a vehicle filter', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page);
  await page.getByRole('link', { name: 'Historial' }).click();
  const footer = page.getByText(/^Mostrando \d+ turno\(s\)/);
  // The total as the screen writes it (es-CL: 1.234), exact while under a thousand past the page.
  await expect(footer).toHaveText(/^Mostrando 100 turno\(s\) de [\d.]+\.$/);
  const total = Number(/de ([\d.]+)\./.exec((await footer.textContent()) as string)?.[1].replaceAll('.', ''));
  expect(total).toBeGreaterThan(100);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(100);
  await shootBothThemes(page, 'desk-history-1366');
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(footer).toHaveText(total > 200 ? `Mostrando 200 turno(s) de ${total.toLocaleString('es-CL')}.` : `Mostrando ${total} turno(s).`);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(Math.min(200, total));

  const vehicle = page.getByRole('combobox', { name: 'Vehículo' });
  const plate = ((await vehicle.locator('option').nth(1).textContent()) as string).split(' · ')[0];
  await vehicle.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/vehicle_id=\d+/);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toContainText(plate);
  for (const row of (await rows.all()).slice(0, 20)) await expect(row).toContainText(plate);
  await page.setViewportSize(PHONE);
  await shootBothThemes(page, 'desk-history-390');
});
