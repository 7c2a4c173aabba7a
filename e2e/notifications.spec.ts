/**
 * Notificaciones in Chromium against the real server: the Dueño adds a webhook pointing at a
 * receiver this test runs on 127.0.0.1 (the browser-test server sets WEBHOOKS_ALLOW_PRIVATE), sees
 * its secret once, presses Probar, the receiver gets the signed test event from the outbox, and the
 * delivery log shows it Entregado. Then the screen at 1366×768 and 390×844, light and dark, with axe
 * over the page and the delivery log; screenshots for a person to look at.
 *
 * What needs no browser is tested beside the code (src/features/notifications/*.test.tsx): e-mail's
 * state, the form's refusals, the secret shown once and again, Editar, the two-step delete, Probar's
 * failure, a pending delivery followed on the card, the log's states, the endpoint limit. The
 * signature's verification is docs/webhooks.md's snippet, run by server tests.
 */
import http from 'node:http';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO_PASSWORD, DEMO_RUT, logIn, screenshotPath } from './support/session';

const received: { body: string; signature: string | undefined }[] = [];
let receiver: http.Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: request.headers['flota-signature'] as string | undefined });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/flota`;
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function ownerHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { rut: DEMO_RUT, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function openNotifications(page: Page) {
  await page.getByRole('link', { name: 'Notificaciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
}

test('adds a webhook with the keyboard, Probar reaches the receiver signed, and the log shows it delivered', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESK);
  await logIn(page);
  await openNotifications(page);
  await expect(page.getByText('El correo no está configurado en este servidor.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('notifications-desk-light-start'), fullPage: true });

  await page.getByRole('button', { name: /^(Agregar primer webhook|\+ Nuevo webhook)$/ }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo webhook' });
  // Keyboard: the URL field has the focus; Space ticks a checkbox reached with Tab.
  await expect(form.getByLabel('URL')).toBeFocused();
  await page.keyboard.type(`${receiverUrl}/journey`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Central de la prueba');
  await form.getByRole('checkbox', { name: 'Salida de zona' }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: 'Salida de zona' })).toBeChecked();
  await page.screenshot({ path: screenshotPath('notifications-desk-light-form') });
  await form.getByRole('button', { name: 'Guardar' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Webhook agregado: su secreto' });
  await expect(secretDialog.getByLabel('Secreto')).toHaveText(/^whsec_[\w-]{43}$/);
  await page.screenshot({ path: screenshotPath('notifications-desk-light-secret') });
  await secretDialog.getByRole('button', { name: 'Cerrar' }).click();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Central de la prueba' }) });
  await expect(card.getByText('SOS del conductor, Salida de zona')).toBeVisible();
  const before = received.length;
  await card.getByRole('button', { name: 'Probar Central de la prueba' }).click();
  await expect(page.getByText('Evento de prueba en cola: revisa Entregas en unos segundos')).toBeVisible();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(before + 1);
  const event = JSON.parse(received[before].body) as { type: string; id: string };
  expect(event.type).toBe('test');
  expect(received[before].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

  await card.getByRole('button', { name: 'Entregas de Central de la prueba' }).click();
  const log = page.getByRole('dialog', { name: 'Entregas' });
  const row = log.getByRole('row').filter({ hasText: event.id });
  await expect(row.getByText('Entregado', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('HTTP 200')).toBeVisible();
});

test('Notificaciones at 1366×768 and 390×844, light and dark: axe over the page and the delivery log, and screenshots', async ({ page, request }) => {
  // Four passes with six axe runs: the four tests this one replaced had 120 s each.
  test.setTimeout(240_000);
  // An endpoint with a delivered test, made through the API (the journey above makes one through the screen).
  const headers = await ownerHeaders(request);
  const made = await request.post('/api/webhooks', { headers, data: { url: `${receiverUrl}/screens`, description: 'Central de pantallas', events: ['alert.sos', 'alert.zone_exit'], enabled: true } });
  expect(made.status(), await made.text()).toBe(201);
  const { endpoint, secret } = (await made.json()) as { endpoint: { id: number }; secret: string };
  expect((await request.post(`/api/webhooks/${endpoint.id}/test`, { headers, data: {} })).status()).toBe(202);
  const delivered = async () => ((await (await request.get(`/api/webhooks/${endpoint.id}/deliveries`, { headers })).json()) as { deliveries: { status: string }[] }).deliveries[0]?.status;
  await expect.poll(delivered, { timeout: 15_000 }).toBe('delivered');

  await logIn(page);
  // The page loads once per size; the scheme changes in place (the app follows the system's, and its
  // colours are CSS only), so axe is put in two documents, not four.
  for (const [size, name] of [[DESK, 'desk'], [PHONE, 'phone']] as const) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard/notifications');
    for (const colorScheme of ['light', 'dark'] as const) {
      // The journey above shot the desk in the light theme as it went.
      const shoot = !(name === 'desk' && colorScheme === 'light');
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('.flota-app')).toHaveAttribute('data-theme', colorScheme);
      await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Central de pantallas' }) });
      await expect(card).toBeVisible();
      if (shoot) await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-start`), fullPage: true });

      await page.getByRole('button', { name: '+ Nuevo webhook' }).click();
      if (shoot) await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-form`) });
      await page.keyboard.press('Escape');
      await card.getByRole('button', { name: 'Mostrar el secreto de Central de pantallas' }).click();
      await expect(page.getByRole('dialog', { name: 'Secreto del webhook' }).getByLabel('Secreto')).toHaveText(secret);
      if (shoot) await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-secret`) });
      await page.keyboard.press('Escape');

      await card.getByRole('button', { name: 'Entregas de Central de pantallas' }).click();
      const log = page.getByRole('dialog', { name: 'Entregas' });
      await expect(log.getByText('Entregado', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page, undefined, { name: `deliveries ${name} ${colorScheme}` });
      await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-deliveries`) });
      await page.keyboard.press('Escape');
      await expect(log).toHaveCount(0);

      const { documentWidth, viewport } = await page.evaluate(() => ({ documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(documentWidth, `no sideways scroll, ${name} ${colorScheme}`).toBe(viewport);
      // The page at 390×844 is deskLooks.spec.ts's phone sweep (axe in both themes).
      if (name === 'desk') await expectNoAxeViolations(page, undefined, { name: `page ${name} ${colorScheme}` });
      await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-list`), fullPage: true });
    }
  }
  await request.delete(`/api/webhooks/${endpoint.id}`, { headers });
});
