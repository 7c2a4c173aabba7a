/**
 * Flota embedded in a hostile intranet page (/embed-demo): every screen works, the host's styles
 * and globals are untouched, and unmount leaves nothing behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { workerPorts } from './support/ports';
import { DEMO_PASSWORD, DEMO_RUT, screenshotPath } from './support/session';
import { spawnServer } from './support/spawnedServer';

/** Elements of the host page and the computed properties a leak would change. */
const HOST_ELEMENTS = ['body', '.intranet-header', '.intranet-header__title', '.intranet-nav a', 'main > h1', '.intranet-note', '#flota-unmount'];
const PROPERTIES = ['font-family', 'font-size', 'color', 'background-color', 'margin-top', 'padding-top', 'box-sizing', 'text-transform', 'letter-spacing', 'line-height', 'border-top-style'];

function hostStyles(page: Page) {
  return page.evaluate(
    ({ selectors, properties }) =>
      selectors.map((selector) => {
        const style = getComputedStyle(document.querySelector(selector) as Element);
        return [selector, properties.map((name) => `${name}: ${style.getPropertyValue(name)}`)];
      }),
    { selectors: HOST_ELEMENTS, properties: PROPERTIES },
  );
}

const windowKeys = (page: Page) => page.evaluate(() => Object.keys(window).sort());

async function logInEmbedded(page: Page) {
  const flota = page.locator('#flota-host');
  await flota.getByLabel('RUT').fill(DEMO_RUT);
  await flota.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await flota.getByRole('button', { name: 'Ingresar' }).click();
  await expect(flota.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
}

test("mounting Flota changes none of the host page's styles and adds only the Flota global", async ({ page }) => {
  // The same page without Flota's script: the host as it is on its own.
  await page.route('**/embed/flota.js', (route) => route.abort());
  await page.goto('/embed-demo');
  await expect(page.locator('main > h1')).toBeVisible();
  const stylesAlone = await hostStyles(page);
  const keysAlone = await windowKeys(page);

  await page.unroute('**/embed/flota.js');
  await page.goto('/embed-demo');
  await expect(page.locator('#flota-host').getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await hostStyles(page)).toEqual(stylesAlone);
  const added = (await windowKeys(page)).filter((key) => !keysAlone.includes(key));
  expect(added).toEqual(['Flota']);

  // And the host's resets do not reach Flota's own button.
  const ingresar = page.locator('#flota-host').getByRole('button', { name: 'Ingresar' });
  expect(await ingresar.evaluate((button) => getComputedStyle(button).textTransform)).toBe('none');
  expect(await ingresar.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgb(255, 105, 180)');
  await page.screenshot({ path: screenshotPath('embed-login'), fullPage: true });
});

test('every screen works inside the intranet page under /intranet/flota, with hash routing', async ({ page }) => {
  await page.goto('/intranet/flota');
  await logInEmbedded(page);
  const flota = page.locator('#flota-host');
  await expect(flota.getByRole('group', { name: 'Conductores' })).toContainText('25');
  await page.screenshot({ path: screenshotPath('embed-dashboard'), fullPage: true });

  await flota.getByRole('link', { name: 'Conductores' }).click();
  await expect(page).toHaveURL(/\/intranet\/flota#\/dashboard\/drivers$/);
  await expect(flota.getByRole('heading', { level: 1, name: 'Conductores' })).toBeVisible();
  await expect(flota.getByRole('button', { name: /^Editar / }).first()).toBeVisible();

  await flota.getByRole('link', { name: 'Vehículos' }).click();
  await expect(flota.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeVisible();
  await expect(flota.getByRole('button', { name: /^Editar / }).first()).toBeVisible();

  await flota.getByRole('link', { name: 'Mapa en Vivo' }).click();
  await expect(flota.getByRole('heading', { level: 1, name: /Mapa en Vivo/ })).toBeVisible();
  await expect(flota.getByText('Conductores Activos')).toBeVisible();
  await expect(flota.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(flota.getByText('© OpenStreetMap contributors')).toBeVisible();
  await page.screenshot({ path: screenshotPath('embed-map'), fullPage: true });

  await flota.getByRole('link', { name: 'Historial' }).click();
  await expect(flota.getByRole('heading', { level: 1, name: 'Historial de Turnos' })).toBeVisible();
  await expect(flota.getByText(/Mostrando \d+ turno\(s\)/)).toBeVisible();

  // The host's own navigation still works beside the app.
  await expect(page.getByRole('navigation', { name: 'Intranet' }).getByRole('link', { name: 'Flota' })).toBeVisible();
});

test.describe('with a server of its own', () => {
  // Spare ports beside the main e2e server's (the live-map spec uses +2 and +3).
  const port = workerPorts().second;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flota-e2e-embed-'));
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('unmount removes every node and the server sees the socket close; mounting again works, twice', async ({ page }) => {
    test.setTimeout(180_000);
    const server = await spawnServer({ port, tilePort: port + 1, dataDir });
    try {
      const socketLog = (what: string) => server.output().split('\n').filter((line) => line.includes(`"msg":"${what}"`));
      await page.goto('/embed-demo');
      await logInEmbedded(page);
      const flota = page.locator('#flota-host');
      await flota.getByRole('link', { name: 'Mapa en Vivo' }).click();
      await expect(flota.getByText('Conductores Activos')).toBeVisible();
      await expect.poll(() => socketLog('socket conectado').length).toBe(1);

      await page.getByRole('button', { name: 'Desmontar Flota' }).click();
      await expect.poll(() => socketLog('socket desconectado').length).toBe(1);
      expect(await flota.evaluate((host) => host.childNodes.length)).toBe(0);
      expect(await page.evaluate(() => document.querySelectorAll('.flota-app, [data-flota-style], .maplibregl-map').length)).toBe(0);

      for (let round = 0; round < 2; round += 1) {
        await page.getByRole('button', { name: 'Montar Flota', exact: true }).click();
        // The session survives in the host's storage: the app comes back signed in, where it was.
        await expect(flota.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.locator('.flota-app').count()).toBe(1);
        await page.getByRole('button', { name: 'Desmontar Flota' }).click();
        expect(await flota.evaluate((host) => host.childNodes.length)).toBe(0);
      }
      // Every socket the remounts opened was closed again.
      await expect.poll(() => socketLog('socket desconectado').length).toBe(socketLog('socket conectado').length);
    } finally {
      await server.stop();
    }
  });
});
