/**
 * Historial de Turnos against the real server and the seeded demo fleet (30 days of shifts up to
 * today in America/Santiago): filter by driver and dates, keep the filters over a reload, clear
 * them, export the CSV and open a shift's route.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './support/test';
import { logIn, screenshotPath } from './support/session';
import { formatDay } from '../contract/dateFormat';

const FLEET_ZONE = 'America/Santiago';

/** The calendar date (YYYY-MM-DD) `days` before today in the fleet's zone. */
function fleetDaysAgo(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: FLEET_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** "dd/MM/yyyy HH:mm" (the table's Inicio) → "yyyy-MM-dd". */
const isoDay = (shown: string) => shown.replace(/^(\d{2})\/(\d{2})\/(\d{4}).*$/, '$3-$2-$1');

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
// "Mostrando N turno(s)." when every row is on screen, "… de T." while more pages remain.
const footerCount = (page: Page) => page.getByText(/^Mostrando \d+ turno\(s\)( de [\d.]+)?\.$/);

/** The text of each cell of a row, as the CSV writes them: name and RUT apart. */
async function rowValues(row: Locator): Promise<string[]> {
  const cells = row.getByRole('cell');
  const driverCell = cells.nth(0);
  return [
    (await driverCell.locator('div').nth(0).innerText()).trim(),
    (await driverCell.locator('div').nth(1).innerText()).trim(),
    ...(await Promise.all([1, 2, 3, 4, 5].map(async (i) => (await cells.nth(i).innerText()).trim()))),
  ];
}

test('filter the demo fleet by a driver and dates, reload, export the CSV, open a route and clear', async ({ page }) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Historial' }).click();
  await expect(page.getByRole('heading', { name: 'Historial de Turnos' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const unfilteredCount = await rows(page).count();

  // A driver who works: the first one on shift now (other journeys may leave finished shifts of
  // drivers they deleted, who keep their history but are not in the Conductor list).
  const working = rows(page).filter({ hasText: 'Activo' }).first();
  const driverName = (await working.getByRole('cell').first().locator('div').first().innerText()).trim();
  const startDate = fleetDaysAgo(10);
  const endDate = fleetDaysAgo(3);
  await page.getByLabel('Conductor').selectOption({ label: driverName });
  await page.getByLabel('Fecha Inicio').fill(formatDay(startDate));
  await page.getByLabel('Fecha Fin').fill(formatDay(endDate));
  await page.getByRole('button', { name: 'Buscar' }).click();

  await expect(page).toHaveURL(new RegExp(`driver_id=\\d+&start_date=${startDate}&end_date=${endDate}`));
  await expect(rows(page).first()).toBeVisible();
  const count = await rows(page).count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(unfilteredCount);
  await expect(footerCount(page)).toHaveText(`Mostrando ${count} turno(s).`);
  for (const row of await rows(page).all()) {
    const [name, , , start] = await rowValues(row);
    expect(name).toBe(driverName);
    expect(isoDay(start) >= startDate && isoDay(start) <= endDate).toBe(true);
  }
  await page.screenshot({ path: screenshotPath('history-filtered'), fullPage: true });

  // The filters live in the URL: a reload shows the same fields and rows.
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByLabel('Conductor').locator('option:checked')).toHaveText(driverName);
  await expect(page.getByLabel('Fecha Inicio')).toHaveValue(formatDay(startDate));
  await expect(page.getByLabel('Fecha Fin')).toHaveValue(formatDay(endDate));
  await expect(rows(page)).toHaveCount(count);
  await expect(footerCount(page)).toHaveText(`Mostrando ${count} turno(s).`);

  // CSV: UTF-8 with BOM, `;` separators, the header and one line per row with the table's values.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^historial-turnos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Conductor;RUT;Vehículo;Inicio;Fin;Duración;Estado');
  expect(lines).toHaveLength(count + 1);
  expect(lines[1].split(';')).toEqual(await rowValues(rows(page).first()));
  expect(lines[count].split(';')).toEqual(await rowValues(rows(page).last()));

  // The route panel. GET /shifts/:id/locations belongs to the live-map work: with points the map
  // draws; without the route (404) or without points the panel says so.
  const routeAnswer = page.waitForResponse((response) => /\/api\/shifts\/\d+\/locations$/.test(new URL(response.url()).pathname));
  await rows(page).first().getByRole('button', { name: 'Ver recorrido' }).click();
  const dialog = page.getByRole('dialog', { name: `Recorrido de ${driverName}` });
  await expect(dialog).toBeVisible();
  const answer = await routeAnswer;
  const points = answer.ok() ? ((await answer.json()) as { locations: unknown[] }).locations.length : 0;
  if (points > 0) await expect(dialog.locator('canvas.maplibregl-canvas')).toBeVisible();
  else await expect(dialog.getByText('Sin recorrido registrado')).toBeVisible();
  await page.screenshot({ path: screenshotPath('history-route') });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // Limpiar: empty fields, no filters in the URL, every shift again.
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
  await expect(page.getByLabel('Conductor')).toHaveValue('');
  await expect(page.getByLabel('Fecha Inicio')).toHaveValue('');
  await expect(page.getByLabel('Fecha Fin')).toHaveValue('');
  await expect(rows(page)).toHaveCount(unfilteredCount);
  // The demo fleet has more shifts than a page: the first page again, and how many in all.
  await expect(footerCount(page)).toHaveText(new RegExp(`^Mostrando ${unfilteredCount} turno\\(s\\)( de \\d+)?\\.$`));
});
