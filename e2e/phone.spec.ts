/**
 * The desk on a phone (issue 23): at 390×844 and 360×740 every desk screen fits the width (the
 * document is exactly as wide as the viewport), the account menu with "Cambiar contraseña" and the
 * theme is reachable, Mapa en Vivo shows the map first over at least half the screen, and a taxi is
 * found and followed with the panel; axe finds nothing, light and dark. Screenshots of every screen
 * at 390×844 (e2e/artifacts/screenshots/phone-*.png) are for a person to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Shift } from '../contract/entities';
import { expectNoAxeViolations } from './support/axe';
import { ownerApi } from './support/liveMap';
import { logIn, screenshotPath } from './support/session';

const screens = [
  { name: 'dashboard', path: '/dashboard', link: 'Dashboard', heading: 'Panel de Control' },
  { name: 'drivers', path: '/dashboard/drivers', link: 'Conductores', heading: 'Conductores' },
  { name: 'vehicles', path: '/dashboard/vehicles', link: 'Vehículos', heading: 'Vehículos' },
  { name: 'map', path: '/dashboard/map', link: 'Mapa en Vivo', heading: 'Mapa en Vivo' },
  { name: 'history', path: '/dashboard/history', link: 'Historial', heading: 'Historial de Turnos' },
  { name: 'activity', path: '/dashboard/activity', link: 'Actividad', heading: 'Actividad' },
  { name: 'users', path: '/dashboard/users', link: 'Usuarios', heading: 'Usuarios' },
];

// Each journey signs in and runs axe on every screen: slow on a shared machine.
test.setTimeout(300_000);

const phones = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { documentWidth, viewport } = await page.evaluate(() => ({ documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(documentWidth, `${screen}: document ${documentWidth} px wide on a ${viewport} px screen`).toBe(viewport);
}

for (const { width, height } of phones) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every desk screen fits a ${width}×${height} phone, ${theme}; axe finds nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/login');
      await expectNoSidewaysScroll(page, 'login');
      await expectNoAxeViolations(page);
      if (width === 390) await page.screenshot({ path: screenshotPath(`phone-${theme}-login`) });
      await logIn(page);
      for (const screen of screens) {
        await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: screen.link, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expect(page.getByText(/^Cargando/)).toHaveCount(0);
        expect(page.url()).toContain(screen.path);
        await expectNoSidewaysScroll(page, screen.name);
        await expectNoAxeViolations(page, { exclude: '.maplibregl-canvas' });
        if (width === 390) await page.screenshot({ path: screenshotPath(`phone-${theme}-${screen.name}`) });
      }
    });
  }

  test(`on a ${width}×${height} phone the account menu has the password and the theme; the map is at least half the screen and a taxi is followed`, async ({ page, request }) => {
    const { shifts } = await ownerApi(request);
    const target = shifts.find((shift) => shift.latitude !== null && shift.plate_number) as Shift;
    await page.setViewportSize({ width, height });
    await logIn(page);

    await page.getByRole('button', { name: /^Mi cuenta/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Cambiar contraseña' })).toBeVisible();
    await page.getByRole('group', { name: 'Tema' }).getByRole('button', { name: 'Oscuro' }).click();
    await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: /^Mi cuenta/ }).click();
    await page.getByRole('button', { name: /^Mi cuenta/ }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Full screen: the dialog is as wide as the phone.
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(width);
    if (width === 390) await page.screenshot({ path: screenshotPath('phone-dark-password') });
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
    const map = page.getByRole('region', { name: 'Mapa de los conductores' });
    await expect(map.locator('canvas')).toBeVisible();
    const box = await map.boundingBox();
    expect(box?.width).toBe(width);
    expect((box?.height ?? 0) * (box?.width ?? 0)).toBeGreaterThanOrEqual((width * height) / 2);

    const panel = page.getByRole('complementary', { name: 'Buscar taxi' });
    const search = panel.getByRole('searchbox', { name: 'Buscar por número, nombre o patente' });
    await search.fill((target.plate_number as string).toLowerCase());
    await search.press('Enter');
    const popup = page.locator('.maplibregl-popup');
    await expect(popup).toContainText(`${target.first_name} ${target.last_name}`);
    await popup.getByRole('button', { name: 'Seguir' }).click();
    await expect(popup.getByRole('button', { name: 'Seguir' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSidewaysScroll(page, 'map with a taxi followed');
    if (width === 390) await page.screenshot({ path: screenshotPath('phone-dark-map-follow') });
  });
}
