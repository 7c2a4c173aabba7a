/**
 * Every screen under the server's Content-Security-Policy: the standalone app (login, dashboard,
 * drivers, vehicles, live map with tiles and MapLibre's worker, history) and the intranet page that
 * embeds the bundle. Not one `securitypolicyviolation` event and no CSP message in the console.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { mapAtRest } from './support/liveMap';
import { DEMO_PASSWORD, DEMO_RUT, logInThroughForm, screenshotPath } from './support/session';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records violations in the page (from the first script on) and CSP messages in the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content.Security.Policy|Refused to/i.test(error.message)) console.push(error.message);
  });
  return async () => [...((await page.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[]), ...console];
}

async function visitScreens(page: Page, app: Locator, name: string) {
  await expect(app.getByRole('group', { name: 'Conductores' })).toContainText('25');

  await app.getByRole('link', { name: 'Conductores' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Conductores' })).toBeVisible();
  await expect(app.getByRole('button', { name: /^Editar / }).first()).toBeVisible();

  await app.getByRole('link', { name: 'Vehículos' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeVisible();
  await expect(app.getByRole('button', { name: /^Editar / }).first()).toBeVisible();

  await app.getByRole('link', { name: 'Mapa en Vivo' }).click();
  await expect(app.getByRole('heading', { level: 1, name: /Mapa en Vivo/ })).toBeVisible();
  await expect(app.locator('canvas.maplibregl-canvas')).toBeVisible();
  // Tiles fetched from TILE_URL's origin and the taxis' GeoJSON source (MapLibre's worker) drawn.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/\d+\/\d+\/\d+\.png/.test(entry.name)).length)).toBeGreaterThan(0);
  await mapAtRest(page); // the tiles and the taxis drawn before the screenshot
  await page.screenshot({ path: screenshotPath(`csp-${name}-map`), fullPage: true });

  await app.getByRole('link', { name: 'Historial' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Historial de Turnos' })).toBeVisible();
  await expect(app.getByText(/Mostrando \d+ turno\(s\)/)).toBeVisible();
}

test('the standalone app runs every screen without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Through the form: the login screen and its request are part of what runs under the policy.
  await logInThroughForm(page, DEMO_RUT, DEMO_PASSWORD);
  await visitScreens(page, page.locator('body'), 'app');
  expect(await violations()).toEqual([]);
});

test('the intranet page that embeds the bundle runs every screen without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/intranet/flota');
  expect(response?.headers()['content-security-policy']).toContain("worker-src 'self' blob:");
  const app = page.locator('#flota-host');
  await app.getByLabel('RUT').fill(DEMO_RUT);
  await app.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await app.getByRole('button', { name: 'Ingresar' }).click();
  await visitScreens(page, app, 'intranet');
  expect(await violations()).toEqual([]);
});
