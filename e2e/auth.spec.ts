import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, DEMO_RUT, logIn, logInThroughForm, screenshotPath } from './support/session';

const stat = (page: Page, label: string) => page.getByRole('group', { name: label });

test('a wrong password shows the server error and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.screenshot({ path: screenshotPath('login') });
  await page.getByLabel('RUT').fill(DEMO_RUT);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('RUT o contraseña incorrectos');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: screenshotPath('login-error') });
});

// The one journey through the login form (every other test signs in through the API, see logIn).
test('the demo owner lands on the dashboard with the seeded counts, and a reload keeps the session', async ({ page }) => {
  await logInThroughForm(page, '12345678', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(stat(page, 'Conductores')).toContainText('25');
  await expect(stat(page, 'Vehículos')).toContainText('25');
  await expect(stat(page, 'Turnos Activos')).toContainText('6');
  await expect(page.getByRole('complementary')).toContainText('Taxis La Ligua');
  await expect(page.getByRole('banner')).toContainText('Carolina');
  await page.screenshot({ path: screenshotPath('dashboard'), fullPage: true });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
  await expect(stat(page, 'Conductores')).toContainText('25');

  // A reload on a deeper client route still finds the runtime config next to index.html.
  await page.getByRole('link', { name: 'Historial' }).click();
  // The screen is a lazy chunk: the URL changes once it has loaded.
  await expect(page).toHaveURL(/\/dashboard\/history$/);
  const config = page.waitForResponse((response) => response.url().endsWith('config.json'));
  await page.reload();
  expect(new URL((await config).url()).pathname).toBe('/config.json');
  expect((await config).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Historial de Turnos' })).toBeVisible();
});

test('Cerrar Sesión returns to /login, and a dashboard page then redirects there', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/drivers');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});

test('a tampered token sends the user to /login on the next call', async ({ page }) => {
  await logIn(page);
  await page.evaluate(() => {
    const key = 'flota:session';
    const session = JSON.parse(localStorage.getItem(key) ?? '{}');
    session.token = `${session.token}x`;
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('flota:session'))).toBeNull();
});
