/**
 * Alertas (issue 33), the desk's journey: the Dueño draws a polygon with clicks and saves it, a taxi
 * drives into it (its points through the driver API, as the phone sends them), the inbox shows the
 * entry within seconds, one desk acknowledges and a second desk sees it acknowledged, and an SOS
 * from the driver reaches the desk as a banner it cannot miss. Screenshots, light and dark.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ownerApi, postLocation } from './support/liveMap';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, logIn, screenshotPath } from './support/session';

const DESKTOP = { width: 1366, height: 768 };
const OPERATOR = { rut: '6.666.666-2', password: DEMO_PASSWORD };

async function chooseTheme(page: Page, theme: 'Claro' | 'Oscuro') {
  await page.getByRole('group', { name: 'Tema' }).getByRole('button', { name: theme }).click();
}
async function shootBothThemes(page: Page, name: string) {
  await chooseTheme(page, 'Claro');
  await page.screenshot({ path: screenshotPath(`${name}-light`) });
  await chooseTheme(page, 'Oscuro');
  await page.screenshot({ path: screenshotPath(`${name}-dark`) });
  await chooseTheme(page, 'Claro');
}

test('a zone drawn on the map, a taxi entering it, Reconocer seen by a second desk, and an SOS', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await logIn(page);
  await page.getByRole('link', { name: 'Zonas' }).click();
  await expect(page.getByRole('heading', { name: 'Zonas', exact: true })).toBeVisible();
  const canvas = page.locator('.flota-zones__map canvas');
  await expect(canvas).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Dibujar polígono' }).click();
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [[-80, -60], [80, -60], [80, 60], [-80, 60], [-80, -60]]) {
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(200);
  }
  await expect(page.getByText(/Polígono de 4 vértices dibujado/)).toBeVisible();
  await page.getByLabel('Nombre').fill('Zona Plaza E2E');
  await page.getByRole('button', { name: 'Guardar zona' }).click();
  await expect(page.getByText('Zona «Zona Plaza E2E» guardada.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Zona Plaza E2E' })).toBeVisible();
  await shootBothThemes(page, 'alerts-zone-editor-1366');

  // The saved zone's middle, and a point well outside it.
  const token = ((await (await request.post('/api/auth/login', { data: { rut: '12.345.678-5', password: DEMO_PASSWORD } })).json()) as { token: string }).token;
  const zones = (await (await request.get('/api/zones', { headers: { authorization: `Bearer ${token}` } })).json()) as { zones: { name: string; geometry: { coordinates: number[][][] } }[] };
  const ring = zones.zones.find((zone) => zone.name === 'Zona Plaza E2E')!.geometry.coordinates[0].slice(0, -1);
  const middle = [ring.reduce((s, p) => s + p[0], 0) / ring.length, ring.reduce((s, p) => s + p[1], 0) / ring.length];
  const { shifts } = await ownerApi(request);
  const shift = shifts.find((s) => s.vehicle_id !== null)!;
  await postLocation(request, shift, middle[1] + 0.05, middle[0], '', new Date(Date.now() - 5000));
  await postLocation(request, shift, middle[1], middle[0]);

  await page.getByRole('link', { name: /^Alertas/ }).first().click();
  const entry = page.getByTestId('alert').filter({ hasText: `${shift.plate_number} entró a Zona Plaza E2E` });
  await expect(entry).toBeVisible({ timeout: 10_000 });

  // A second desk (the operator) watches the same inbox.
  const second = await browser.newPage({ viewport: DESKTOP });
  await logIn(second, OPERATOR.rut, OPERATOR.password);
  await second.goto('/dashboard/alerts');
  const seen = second.getByTestId('alert').filter({ hasText: `${shift.plate_number} entró a Zona Plaza E2E` });
  await expect(seen).toContainText('Sin reconocer');
  await entry.getByRole('button', { name: 'Reconocer' }).click();
  await entry.getByPlaceholder('Nota (opcional)').fill('Visto en cámara');
  await entry.getByRole('button', { name: 'Confirmar' }).click();
  await expect(seen).toContainText('Reconocida por', { timeout: 10_000 });
  await expect(seen).toContainText('Visto en cámara');
  await shootBothThemes(page, 'alerts-inbox-1366');

  // SOS from the driver: the desk's banner and the inbox's red alert.
  const driverLogin = await request.post('/api/driver/login', { data: { fleet_code: DEMO_FLEET_CODE, rut: shift.rut, password: DEMO_PASSWORD } });
  const driverToken = ((await driverLogin.json()) as { token: string }).token;
  const sos = await request.post('/api/driver/sos', { headers: { authorization: `Bearer ${driverToken}` }, data: { client_id: randomUUID(), latitude: middle[1], longitude: middle[0], timestamp: new Date().toISOString() } });
  expect(sos.status()).toBe(201);
  await expect(page.locator('.flota-sos-banner')).toContainText('Un conductor pidió ayuda', { timeout: 10_000 });
  await expect(second.locator('.flota-sos-banner')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('alert').filter({ hasText: 'SOS de' }).first()).toBeVisible();
  await shootBothThemes(page, 'alerts-sos-1366');
  await second.close();
});

test('the zones as a layer on the live map and the dispatch map, toggled and remembered', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const token = ((await (await request.post('/api/auth/login', { data: { rut: '12.345.678-5', password: DEMO_PASSWORD } })).json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  // A circle over La Ligua's centre, where the demo fleet drives and the dispatch map opens.
  const created = await request.post('/api/zones', { headers, data: { name: 'Centro E2E', kind: 'zona_servicio', color: '#7c3aed', geometry: { type: 'Point', coordinates: [-71.2264, -32.4519] }, radius_m: 700 } });
  expect(created.status()).toBe(201);
  const zoneId = ((await created.json()) as { zone: { id: number } }).zone.id;

  await logIn(page);
  await page.getByRole('link', { name: 'Mapa en Vivo' }).click();
  const toggle = page.getByRole('button', { name: 'Zonas' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1500);
  await shootBothThemes(page, 'zones-live-map-1366');

  // Remembered for this user: the dispatch map opens with the zones shown.
  await page.getByRole('link', { name: 'Despacho' }).click();
  await expect(page.getByRole('button', { name: 'Zonas' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1500);
  await shootBothThemes(page, 'zones-dispatch-map-1366');

  // Reglas, below the zones: a fresh fleet's defaults (SOS and sin señal to the desk).
  await page.getByRole('link', { name: 'Zonas' }).click();
  const rules = page.getByRole('region', { name: 'Reglas' });
  await expect(rules.getByRole('listitem').first()).toBeVisible();
  // The theme buttons sit in the top bar, so the section is shot on its own after each choice.
  for (const [theme, suffix] of [['Claro', 'light'], ['Oscuro', 'dark']] as const) {
    await chooseTheme(page, theme);
    await rules.screenshot({ path: screenshotPath(`zones-rules-1366-${suffix}`) });
  }
  await chooseTheme(page, 'Claro');

  await request.delete(`/api/zones/${zoneId}`, { headers });
});
