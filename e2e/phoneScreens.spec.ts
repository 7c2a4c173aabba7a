/**
 * Every desk screen on a phone (issue 23), at 390×844 and 360×740, and on a landscape tablet
 * (1024×768), in the light and the dark theme: the document is exactly as wide as the screen
 * (nothing cut off, no sideways scroll) and axe finds no violation.
 *
 * One test per size and theme walks all ten screens in one page, signed in once. Each check is
 * soft and names its screen, so one broken screen does not hide the others.
 *
 * axe runs at 390×844 in both themes (the theme changes every colour, so contrast), and at 1024×768
 * in the light theme (the tablet's layout: the sidebar of icons, Despacho's stacked grid). Not in the
 * dark theme at 1024: its media queries change layout, never colour, so its contrast is the dark
 * theme's at 390×844 and a11y.spec.ts's at 1366. It does not run again at 360×740: the DOM does not depend on the width (no width-dependent
 * script in src/), and 360 and 390 fall under exactly the same media queries (all the app's
 * max-width breakpoints are 640 px or more), so axe would judge the same markup and styles; what
 * 360 px can break, overflow, is the width check, which runs at every size.
 * Screenshots at 390×844 (e2e/artifacts/screenshots/phone-<theme>-<screen>.png) are for a person.
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { logIn, screenshotPath } from './support/session';

/** Each size, and the themes in which axe runs there. */
const sizes = [
  { width: 390, height: 844, axeThemes: ['light', 'dark'] },
  { width: 360, height: 740, axeThemes: [] },
  { width: 1024, height: 768, axeThemes: ['light'] },
];

/** Each desk screen: its address, its heading, and what shows it has loaded. */
const screens: { name: string; path: string; heading: string; loaded(page: Page, message: string): Promise<void> }[] = [
  { name: 'dashboard', path: '/dashboard', heading: 'Panel de Control', loaded: (page, message) => expect.soft(page.getByRole('group', { name: 'Turnos Activos' }), message).toContainText(/\d/) },
  { name: 'drivers', path: '/dashboard/drivers', heading: 'Conductores', loaded: (page, message) => expect.soft(page.getByRole('list', { name: 'Conductores' }), message).toBeVisible() },
  { name: 'vehicles', path: '/dashboard/vehicles', heading: 'Vehículos', loaded: (page, message) => expect.soft(page.getByRole('list', { name: 'Vehículos' }), message).toBeVisible() },
  { name: 'map', path: '/dashboard/map', heading: 'Mapa en Vivo', loaded: (page, message) => expect.soft(page.getByRole('region', { name: 'Mapa de los conductores' }).locator('canvas'), message).toBeVisible() },
  { name: 'history', path: '/dashboard/history', heading: 'Historial de Turnos', loaded: (page, message) => expect.soft(page.getByText(/^Mostrando \d+ turno/), message).toBeVisible() },
  { name: 'dispatch', path: '/dashboard/dispatch', heading: 'Despacho', loaded: (page, message) => expect.soft(page.getByRole('button', { name: 'Crear reserva' }), message).toBeVisible() },
  { name: 'reports', path: '/dashboard/reports', heading: 'Reportes', loaded: (page, message) => expect.soft(page.getByText(/Cargando/), message).toHaveCount(0) },
  { name: 'activity', path: '/dashboard/activity', heading: 'Actividad', loaded: (page, message) => expect.soft(page.getByText(/Cargando/), message).toHaveCount(0) },
  { name: 'users', path: '/dashboard/users', heading: 'Usuarios', loaded: (page, message) => expect.soft(page.getByText(/Cargando/), message).toHaveCount(0) },
  { name: 'notifications', path: '/dashboard/notifications', heading: 'Notificaciones', loaded: (page, message) => expect.soft(page.getByRole('heading', { level: 2, name: 'Webhooks' }), message).toBeVisible() },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const { width, height, axeThemes } of sizes) {
    const axe = axeThemes.includes(colorScheme);
    test.describe(() => {
      test.use({ viewport: { width, height }, colorScheme });

      test(`${width}×${height}, ${colorScheme} theme: every screen as wide as the screen${axe ? ', no axe violation' : ''}`, async ({ page }) => {
        // Nine screens, axe over a table of hundreds of shifts among them, on a busy machine.
        test.setTimeout(300_000);
        await logIn(page);
        for (const screen of screens) {
          await test.step(screen.name, async () => {
            await page.goto(screen.path);
            await expect.soft(page.getByRole('heading', { level: 1, name: screen.heading }), `${screen.name}: heading`).toBeVisible();
            await screen.loaded(page, `${screen.name}: loaded`);
            await expect.soft(page.locator('.flota-app'), `${screen.name}: theme`).toHaveAttribute('data-theme', colorScheme);

            const { documentWidth, viewport } = await page.evaluate(() => ({ documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
            expect.soft(documentWidth, `${screen.name}: document ${documentWidth} px wide on a ${viewport} px screen`).toBe(viewport);
            if (axe) await expectNoAxeViolations(page, undefined, { soft: true, name: screen.name });
            if (width === 390) await page.screenshot({ path: screenshotPath(`phone-${colorScheme}-${screen.name}`) });
            if (width === 1024 && colorScheme === 'light') await page.screenshot({ path: screenshotPath(`tablet-${colorScheme}-${screen.name}`) });
          });
        }
      });
    });
  }
}
