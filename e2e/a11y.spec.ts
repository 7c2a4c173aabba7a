/**
 * axe on every screen but the live map (its own stream checks it) and on each dialog and state a
 * user opens, in the light and the dark theme (the system's setting, which Sistema follows):
 * zero violations. Also the keyboard's way in: the skip link is the first tab stop.
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { logIn } from './support/session';

async function open(page: Page, link: string, heading: string) {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme} theme`, () => {
    // axe over a table of hundreds of shifts takes a while on a busy machine.
    test.setTimeout(240_000);
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', scheme);
      await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('dashboard', async ({ page }) => {
      await logIn(page);
      await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', scheme);
      await expect(page.getByRole('group', { name: 'Turnos Activos' })).toContainText(/\d/);
      await expectNoAxeViolations(page);
    });

    /** A card grid, then its create form (and, for drivers, a delete waiting for confirmation). */
    async function checkGridAndForm(page: Page, section: 'Conductores' | 'Vehículos', form: string) {
      await logIn(page);
      await open(page, section, section);
      await expect(page.getByRole('list', { name: section })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: `+ ${form}` }).click();
      await expect(page.getByRole('dialog', { name: form })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Cancelar' }).click();
    }

    test('drivers, the driver form and a delete waiting for confirmation', async ({ page }) => {
      await checkGridAndForm(page, 'Conductores', 'Nuevo Conductor');
      await page.getByRole('list', { name: 'Conductores' }).getByRole('button', { name: /^Eliminar / }).first().click();
      await expect(page.getByRole('button', { name: /^Confirmar eliminación de / })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('vehicles and the vehicle form', async ({ page }) => {
      await checkGridAndForm(page, 'Vehículos', 'Nuevo Vehículo');
    });

    test('history and the route panel', async ({ page }) => {
      await logIn(page);
      await open(page, 'Historial', 'Historial de Turnos');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Ver recorrido' }).first().click();
      const route = page.getByRole('dialog', { name: /^Recorrido de / });
      await expect(route).toBeVisible();
      await expect(route.locator('canvas, .flota-route-panel__empty').first()).toBeVisible();
      // The page behind was checked above; the dialog is what is new.
      await expectNoAxeViolations(page, '[role="dialog"]');
    });
  });
}

test('the skip link is the first tab stop and takes the keyboard to the content', async ({ page }) => {
  await logIn(page);
  await page.goto('/dashboard/drivers');
  await expect(page.getByRole('heading', { level: 1, name: 'Conductores' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '+ Nuevo Conductor' })).toBeFocused();
});

test('after a route change the new screen’s heading has focus', async ({ page }) => {
  await logIn(page);
  await open(page, 'Vehículos', 'Vehículos');
  await expect(page.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeFocused();
});
