/**
 * Reportes for an owner on a phone (issue 38, item 7), at 390×844 and 360×740, light and dark: the
 * name column stays while the figures scroll beside it, each driver has a chart of its own scale and
 * the days still to come are not plotted, the drill-down comes into view when a driver is chosen, the
 * .xlsx carries "Por día" and "Por turno"; the replay steps one recorded point back and forward with
 * a counter and downloads the shift's track as GPX and KML.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_PASSWORD, logIn, screenshotPath } from './support/session';

const DESKTOP = { width: 1366, height: 768 };
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** The theme switch is in the top bar at the desk's width (a phone's sits in the account menu). */
async function withTheme(page: Page, theme: 'Claro' | 'Oscuro', viewport: { width: number; height: number }) {
  await page.setViewportSize(DESKTOP);
  await page.getByRole('group', { name: 'Tema' }).getByRole('button', { name: theme }).click();
  await page.setViewportSize(viewport);
}

test('Reportes on a phone: a card per driver with every figure in view, a chart per driver, the drill-down in view, and the .xlsx sheets', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await logIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Reportes' }).click();
  await expect(page.locator('.flota-report-table tfoot').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const files = unzipSync(new Uint8Array(readFileSync((await (await download).path()) as string)));
  expect([...strFromU8(files['xl/workbook.xml']).matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual(['Reporte', 'Por día', 'Por turno']);
  expect(strFromU8(files['xl/worksheets/sheet3.xml']).match(/<row /g)?.length ?? 0).toBeGreaterThan(2);

  for (const viewport of PHONES) {
    for (const [theme, suffix] of [['Claro', 'light'], ['Oscuro', 'dark']] as const) {
      await withTheme(page, theme, viewport);
      const box = page.getByRole('region', { name: /^Reporte por conductor/ });
      await box.scrollIntoViewIfNeeded();
      // Each driver is a card (issue 46): the name on top and every figure beside its column's name,
      // all within the screen's width, with nothing to scroll sideways.
      const card = box.locator('tbody tr').first();
      await card.scrollIntoViewIfNeeded();
      await expect(card.locator('th')).toBeInViewport();
      const screenWidth = viewport.width;
      for (const cell of await card.locator('td').all()) {
        const edge = await cell.evaluate((element) => element.getBoundingClientRect().right);
        expect(edge).toBeLessThanOrEqual(screenWidth);
      }
      expect(await card.locator('td').last().getAttribute('data-label')).toBeTruthy();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: screenshotPath(`reports-phone-${viewport.width}-${suffix}-table`) });

      const multiples = page.getByRole('list', { name: 'Uno por uno, cada uno con su escala' });
      await multiples.scrollIntoViewIfNeeded();
      await expect(multiples.getByRole('listitem').first()).toBeVisible();
      await page.screenshot({ path: screenshotPath(`reports-phone-${viewport.width}-${suffix}-chart`) });
    }
  }

  // The drill-down opens below the table and the chart: it comes into view by itself.
  await box(page).scrollIntoViewIfNeeded();
  const driver = page.locator('.flota-report-table tbody th button').first();
  const name = (await driver.textContent()) ?? '';
  await driver.click();
  await expect(page.getByRole('region', { name: `Detalle de ${name}` }).getByRole('heading', { level: 2 })).toBeInViewport();
  await expect(page.getByRole('region', { name: `Detalle de ${name}` }).getByRole('heading', { level: 2 })).toBeFocused();
  await page.screenshot({ path: screenshotPath('reports-phone-360-dark-drilldown') });
  await withTheme(page, 'Claro', DESKTOP);
});

const box = (page: Page) => page.getByRole('region', { name: /^Reporte por conductor/ });

test('Replay steps one recorded point at a time, counts them, and downloads the track as GPX and KML', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await logIn(page);
  const token = ((await (await page.request.post('/api/auth/login', { data: { rut: '12.345.678-5', password: DEMO_PASSWORD } })).json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  const { shifts } = (await (await page.request.get('/api/shifts/history?limit=50', { headers })).json()) as { shifts: Array<{ id: number; is_active: boolean }> };
  let shiftId = 0;
  for (const shift of shifts.filter((s) => !s.is_active)) {
    const replay = (await (await page.request.get(`/api/shifts/${shift.id}/replay`, { headers })).json()) as { time_steps_ms?: number[] };
    if ((replay.time_steps_ms ?? []).length > 100) {
      shiftId = shift.id;
      break;
    }
  }
  expect(shiftId).toBeGreaterThan(0);
  await page.goto(`/dashboard/history/${shiftId}/replay`);
  const counter = page.getByRole('status').filter({ hasText: /^Punto / });
  await expect(counter).toHaveText(/^Punto 1 de [\d.]+$/);
  await page.getByRole('button', { name: 'Punto siguiente ›' }).click();
  await page.getByRole('button', { name: 'Punto siguiente ›' }).click();
  await expect(counter).toHaveText(/^Punto 3 de /);
  await page.getByRole('button', { name: '‹ Punto anterior' }).click();
  await expect(counter).toHaveText(/^Punto 2 de /);

  for (const [button, pattern, root] of [['Descargar GPX', /\.gpx$/, '<gpx '], ['Descargar KML', /\.kml$/, '<kml ']] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(pattern);
    const text = readFileSync((await file.path()) as string, 'utf8');
    expect(text).toContain(root);
    const total = Number((await counter.textContent())!.replace(/^Punto \d+ de /, '').replace(/\./g, ''));
    expect((text.match(button.includes('GPX') ? /<trkpt /g : /<when>/g) ?? []).length).toBe(total);
  }
  for (const viewport of PHONES) {
    for (const [theme, suffix] of [['Claro', 'light'], ['Oscuro', 'dark']] as const) {
      await withTheme(page, theme, viewport);
      await page.getByRole('button', { name: 'Punto siguiente ›' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`replay-phone-${viewport.width}-${suffix}`) });
    }
  }
  await withTheme(page, 'Claro', DESKTOP);
});
