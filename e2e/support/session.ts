import { expect, type Page } from '@playwright/test';

export const DEMO_RUT = '12.345.678-5';
export const DEMO_PASSWORD = 'flota-demo';
/** The demo fleet's code: drivers sign in within it. */
export const DEMO_FLEET_CODE = 'LIGUA1';

/** Signs in through the login screen, as a dispatcher would. */
export async function logIn(page: Page, rut = DEMO_RUT, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('RUT').fill(rut);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
}

export function screenshotPath(name: string) {
  return `e2e/artifacts/screenshots/${name}.png`;
}
