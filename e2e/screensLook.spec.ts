/**
 * Screenshots of every screen but the live map with the demo fleet, at 1366×768 and at 1024×768
 * (sidebar of icons), in the light and the dark theme, for a person to look at
 * (e2e/artifacts/screenshots/screens-<width>-<theme>-<screen>.png). It also checks what the
 * narrow window and the theme must show.
 */
import { expect, test, type Page } from './support/test';
import { mapAtRest } from './support/liveMap';
import { logIn, screenshotPath } from './support/session';

const screens = [
  { name: 'dashboard', path: '/dashboard', heading: 'Panel de Control' },
  { name: 'drivers', path: '/dashboard/drivers', heading: 'Conductores' },
  { name: 'vehicles', path: '/dashboard/vehicles', heading: 'Vehículos' },
  { name: 'history', path: '/dashboard/history', heading: 'Historial de Turnos' },
];

async function settle(page: Page) {
  await expect(page.getByText(/^Cargando/)).toHaveCount(0);
}

for (const width of [1366, 1024]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screens at ${width}×768, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 768 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/login');
      await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', theme);
      await page.screenshot({ path: screenshotPath(`screens-${width}-${theme}-login`) });
      await logIn(page);

      // Below about 1100 px the sidebar shows icons only; the links keep their names.
      const sidebar = page.locator('.flota-sidebar');
      const sidebarWidth = (await sidebar.boundingBox())?.width ?? 0;
      if (width < 1100) expect(sidebarWidth).toBeLessThan(100);
      else expect(sidebarWidth).toBeGreaterThan(200);
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Conductores', exact: true })).toBeVisible();

      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await settle(page);
        if (screen.name === 'history') await expect(page.getByRole('table')).toBeVisible();
        await page.screenshot({ path: screenshotPath(`screens-${width}-${theme}-${screen.name}`) });
      }

      // The route panel over the history: its tiles are dimmed in the dark theme.
      // The oldest shift is the demo fleet's own (other journeys add recent shifts, some without points).
      await page.getByRole('button', { name: 'Ver recorrido' }).last().click();
      const route = page.getByRole('dialog', { name: /^Recorrido de / });
      await expect(route.locator('canvas')).toBeVisible();
      await mapAtRest(page, route.locator('canvas')); // tiles fade in
      await page.screenshot({ path: screenshotPath(`screens-${width}-${theme}-route`) });
    });
  }
}

test('the theme chosen in the top bar stays for this user after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await logIn(page);
  await page.getByRole('group', { name: 'Tema' }).getByRole('button', { name: 'Oscuro' }).click();
  await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', 'dark');
  const background = await page.locator('.flota-shell').evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe('rgb(243, 245, 248)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de Control' })).toBeVisible();
  await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('group', { name: 'Tema' }).getByRole('button', { name: 'Sistema' }).click();
  await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', 'light');
});

test('a narrow window shows the sidebar label as a tooltip on hover', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await logIn(page);
  const link = page.getByRole('navigation').getByRole('link', { name: 'Historial', exact: true });
  await link.hover();
  const tooltip = await link.evaluate((element) => getComputedStyle(element, '::after').content);
  expect(tooltip).toContain('Historial');
  await page.screenshot({ path: screenshotPath('screens-1024-tooltip') });
});
