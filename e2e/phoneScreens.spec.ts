/**
 * Every desk screen on a phone (issue 23), at 390×844 and 360×740, and on a landscape tablet
 * (1024×768), in the light and the dark theme:
 * the document is exactly as wide as the screen (nothing cut off, no sideways scroll) and axe finds
 * no violation. One test per screen, so a slow one (history's table under load) fails alone.
 * Screenshots at 390×844 (e2e/artifacts/screenshots/phone-<theme>-<screen>.png) are for a person.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { logIn, screenshotPath } from './support/session';

test.setTimeout(180_000);

const phones = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
  { width: 1024, height: 768 },
];

/** Each desk screen: its address, its heading, and what shows it has loaded. */
const screens: { name: string; path: string; heading: string; loaded(page: Page): Promise<void> }[] = [
  { name: 'dashboard', path: '/dashboard', heading: 'Panel de Control', loaded: (page) => expect(page.getByRole('group', { name: 'Turnos Activos' })).toContainText(/\d/) },
  { name: 'drivers', path: '/dashboard/drivers', heading: 'Conductores', loaded: (page) => expect(page.getByRole('list', { name: 'Conductores' })).toBeVisible() },
  { name: 'vehicles', path: '/dashboard/vehicles', heading: 'Vehículos', loaded: (page) => expect(page.getByRole('list', { name: 'Vehículos' })).toBeVisible() },
  { name: 'map', path: '/dashboard/map', heading: 'Mapa en Vivo', loaded: (page) => expect(page.getByRole('region', { name: 'Mapa de los conductores' }).locator('canvas')).toBeVisible() },
  { name: 'history', path: '/dashboard/history', heading: 'Historial de Turnos', loaded: (page) => expect(page.getByText(/^Mostrando \d+ turno/)).toBeVisible() },
  { name: 'dispatch', path: '/dashboard/dispatch', heading: 'Despacho', loaded: (page) => expect(page.getByRole('button', { name: 'Crear reserva' })).toBeVisible() },
  { name: 'reports', path: '/dashboard/reports', heading: 'Reportes', loaded: (page) => expect(page.getByText(/Cargando/)).toHaveCount(0) },
  { name: 'activity', path: '/dashboard/activity', heading: 'Actividad', loaded: (page) => expect(page.getByText(/Cargando/)).toHaveCount(0) },
  { name: 'users', path: '/dashboard/users', heading: 'Usuarios', loaded: (page) => expect(page.getByText(/Cargando/)).toHaveCount(0) },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const { width, height } of phones) {
    test.describe(`${width}×${height}, ${scheme} theme`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await logIn(page);
      });

      for (const screen of screens) {
        test(`${screen.name}: as wide as the screen, no axe violation`, async ({ page }) => {
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
          await screen.loaded(page);
          await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', scheme);

          const { documentWidth, viewport } = await page.evaluate(() => ({ documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
          expect(documentWidth, `${screen.name}: document ${documentWidth} px wide on a ${viewport} px screen`).toBe(viewport);
          await expectNoAxeViolations(page);
          if (width === 390) await page.screenshot({ path: screenshotPath(`phone-${scheme}-${screen.name}`) });
          if (width === 1024 && scheme === 'light') await page.screenshot({ path: screenshotPath(`tablet-${scheme}-${screen.name}`) });
        });
      }
    });
  }
}
