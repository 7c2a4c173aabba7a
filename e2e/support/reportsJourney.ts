/**
 * Reportes' main journey, shared by reports.spec.ts (the shared server, today) and
 * reportsAnyDay.spec.ts (a server and a browser whose clocks read a Monday 00:30 and a 1 January
 * 00:30): the week by driver with real kilometres, the .xlsx read back, a drill-down to a shift.
 *
 * The period is pinned to the history fixture's days, never "whatever this week is": the fixture's
 * shifts end yesterday and before, so on a Monday the current week holds none of them (CI failed on
 * Monday mornings on `km > 100`, reading 0.6).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { addDays, fleetDay, mondayOf } from './fleetDays';
import { formatDay } from '../../contract/dateFormat';

/** The totals row's cells ("Total", shifts, hours, ..., km, ...). */
async function totals(page: Page): Promise<string[]> {
  return page.locator('.flota-report-table tfoot tr').first().locator('th, td').allTextContents();
}

/**
 * Opens Reportes (it opens on this week) and steps back to the week that holds yesterday, by the
 * page's own clock: the week with the history fixture's newest shifts, whatever day this is.
 * Returns the week's first and last day.
 */
export async function openFixtureWeek(page: Page): Promise<{ from: string; to: string }> {
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Semana' })).toHaveAttribute('aria-pressed', 'true');
  const today = fleetDay(new Date(await page.evaluate(() => Date.now())));
  const from = mondayOf(addDays(today, -1));
  const to = addDays(from, 6);
  // On a Monday, yesterday is last week's Sunday: one step back.
  if (from !== mondayOf(today)) await page.getByRole('button', { name: '‹ Anterior' }).click();
  const period = `${formatDay(from)} al ${formatDay(to)}`;
  await expect(page.getByText(`Turnos, horas, kilómetros y ofertas por conductor: ${period}`)).toBeVisible();
  await expect(page.locator('.flota-report-table tfoot').first()).toBeVisible();
  await expect.poll(async () => Number((await totals(page))[4].replace(/\./g, '').replace(',', '.'))).toBeGreaterThan(100);
  return { from, to };
}

/** The week by driver, its .xlsx read back (numbers as numbers), a driver's days, a day's shifts and the replay link. */
export async function reportsJourney(page: Page): Promise<{ from: string; to: string }> {
  await page.getByRole('navigation').getByRole('link', { name: 'Reportes' }).click();
  const week = await openFixtureWeek(page);
  const firstDriver = page.locator('.flota-report-table tbody th button').first();
  const driverName = (await firstDriver.textContent()) ?? '';

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`reporte-conductores-${week.from}-a-${week.to}.xlsx`);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
  const shared = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
  expect(sheet).not.toContain('<f>');
  expect(shared).toContain('Kilómetros');
  expect(shared).toContain(driverName.replace(/&/g, '&amp;'));
  // From row 4 on (drivers, then the totals row), shifts (B) and kilometres (E) are number cells (no t="s").
  const figures = [...sheet.matchAll(/<c r="([BE])(\d+)"([^>]*)><v>([^<]+)<\/v>/g)].filter((m) => Number(m[2]) >= 4);
  expect(figures.length).toBeGreaterThanOrEqual(4);
  for (const [, , , attributes, value] of figures) {
    expect(attributes).not.toContain('t="s"');
    expect(Number.isFinite(Number(value))).toBe(true);
  }
  const totalKm = figures.filter((m) => m[1] === 'E').at(-1);
  expect(Number(totalKm?.[4])).toBeGreaterThan(100);

  await firstDriver.click();
  const days = page.getByRole('table', { name: `Días de ${driverName}` });
  await expect(days).toBeVisible();
  await days.locator('tbody th button').first().click();
  const shiftTable = page.getByRole('table', { name: new RegExp(`^Turnos de ${driverName} el`) });
  await expect(shiftTable).toBeVisible();
  await expect(shiftTable.getByRole('link', { name: /Reproducir/ }).first()).toHaveAttribute('href', /\/dashboard\/history\/\d+\/replay$/);
  return week;
}
