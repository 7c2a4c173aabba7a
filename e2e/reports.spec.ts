/**
 * Reportes in Chromium against the real server and the demo fleet: the week by driver with real
 * kilometres (the history fixture, e2e/support/e2eServer.ts, gives the newest past demo shifts full
 * trails and summaries before the server answers), a drill-down to a driver's days,
 * a day's shifts and the replay link, the .xlsx downloaded and read back (numbers typed as
 * numbers), a driver's refused and unanswered offers in the table and the CSV (issue 38), and
 * screenshots at 1366×768 and 390×844, light and dark, with no page overflow.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import type { Booking } from '../contract/api';
import { apiDriverOnShift, createDriver, deskToken, Leftovers, PAPUDO, person } from './support/dispatch';
import { openFixtureWeek, reportsJourney } from './support/reportsJourney';
import { logIn, screenshotPath } from './support/session';

test('reports by driver for the week, drill down to a shift, and the .xlsx read back', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await reportsJourney(page);

  // Imprimir: on an A4 page (210 mm less 12 mm margins each side = 186 mm ≈ 703 CSS px) the report table fits the width.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 703, height: 1000 });
  await expect(page.locator('.flota-sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeHidden();
  const table = page.locator('.flota-report-table').first();
  const widths = await table.evaluate((element) => ({ table: element.scrollWidth, page: document.documentElement.clientWidth }));
  expect(widths.table).toBeLessThanOrEqual(widths.page);
  // The offers print in a table of their own under it (fifteen columns do not fit a page's width).
  await expect(table.getByRole('columnheader', { name: 'Ofertas' })).toBeHidden();
  const offers = page.getByRole('table', { name: /^Ofertas por conductor/ });
  await expect(offers).toBeVisible();
  expect(await offers.getByRole('columnheader').allTextContents()).toEqual(['Conductor', 'Ofertas', 'Aceptadas', 'Rechazadas', 'Sin respuesta']);
  await page.screenshot({ path: screenshotPath('reports-print-a4'), fullPage: true });
});

for (const theme of ['light', 'dark'] as const) {
  test(`Reportes looks right at 1366×768 and 390×844, ${theme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    await logIn(page);
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await openFixtureWeek(page);
      await page.locator('.flota-report-table tbody th button').first().click();
      await expect(page.locator('.flota-report-drill table')).toBeVisible();
      await expect(page.locator('.flota-report-chart__plot canvas').first()).toBeVisible();
      // The page never scrolls sideways: wide tables scroll inside their own box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`reports-${width}-${theme}`), fullPage: true });
    }
  });
}

test("a driver's offers in Reportes: one refused, one passed on by the desk, in the table and the CSV", async ({ page, request }) => {
  test.setTimeout(120_000);
  const leftovers = new Leftovers();
  try {
    const who = person('Oferta', 'Reportes', 38);
    await createDriver(request, leftovers, who, 'RPTF38');
    const driver = await apiDriverOnShift(request, who);
    await driver.at(PAPUDO);
    const headers = { authorization: `Bearer ${await deskToken(request)}` };
    // Two bookings at Papudo, each offered to the nearest taxi (this one): it refuses the first, the desk passes the second on.
    for (const end of ['decline', 'pass'] as const) {
      const created = await request.post('/api/dispatch/bookings', { headers, data: { customer_phone: '+56 9 3838 0038', pickup: { ...PAPUDO, label: 'Plaza de Papudo' } } });
      expect(created.status(), await created.text()).toBe(201);
      const bookingId = ((await created.json()) as { booking: Booking }).booking.id;
      leftovers.bookings.push(bookingId);
      const offered = await request.post(`/api/dispatch/bookings/${bookingId}/offer`, { headers });
      expect(offered.status(), await offered.text()).toBe(200);
      expect((await driver.dispatchState()).offer?.booking.id).toBe(bookingId);
      if (end === 'decline') await driver.decline(bookingId);
      else expect((await request.post(`/api/dispatch/bookings/${bookingId}/pass`, { headers })).status()).toBe(200);
    }

    await logIn(page);
    await page.goto('/dashboard/reports');
    await page.getByRole('button', { name: 'Día' }).click();
    const table = page.getByRole('table', { name: /^Reporte por conductor/ });
    await expect.poll(async () => (await table.getByRole('columnheader').allTextContents()).slice(-4)).toEqual(['Ofertas', 'Aceptadas', 'Rechazadas', 'Sin respuesta']);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Oferta Reportes' }) });
    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).slice(-4)).toEqual(['2', '0', '1', '1']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csv = readFileSync((await (await download).path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/;Ofertas;Aceptadas;Rechazadas;Sin respuesta$/);
    expect(csv.split('\r\n').find((line) => line.startsWith('Oferta Reportes;'))).toMatch(/;2;0;1;1$/);
  } finally {
    await leftovers.clear(request);
  }
});
