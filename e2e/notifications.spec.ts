/**
 * Notificaciones in Chromium against the real server: the Dueño adds a webhook pointing at a
 * receiver this test runs on 127.0.0.1 (the browser-test server sets WEBHOOKS_ALLOW_PRIVATE), sees
 * its secret once, presses Probar and finds the delivery Entregado in the log, while the receiver
 * got the signed test event. E-mail is not configured on this server, and the screen says so.
 * At 1366×768 and 390×844, light and dark, with axe; screenshots for a person to look at.
 */
import http from 'node:http';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { logIn, screenshotPath } from './support/session';

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

const sizes = [
  { width: 1366, height: 768, name: 'desk' },
  { width: 390, height: 844, name: 'phone' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const { width, height, name } of sizes) {
    test.describe(() => {
      test.use({ viewport: { width, height }, colorScheme });

      test(`${width}×${height}, ${colorScheme}: add a webhook, Probar, and read the delivery log`, async ({ page }) => {
        test.setTimeout(120_000);
        await logIn(page);
        await page.getByRole('link', { name: 'Notificaciones' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
        await expect(page.getByText('El correo no está configurado en este servidor.')).toBeVisible();
        await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-start`), fullPage: true });

        const add = page.getByRole('button', { name: /^(Agregar primer webhook|\+ Nuevo webhook)$/ });
        await add.click();
        const form = page.getByRole('dialog', { name: 'Nuevo webhook' });
        // Keyboard: the URL field has the focus; Space ticks a checkbox reached with Tab.
        await expect(form.getByLabel('URL')).toBeFocused();
        await page.keyboard.type(`${receiverUrl}/${name}-${colorScheme}`);
        await page.keyboard.press('Tab');
        await page.keyboard.type(`Central ${name} ${colorScheme}`);
        await form.getByRole('checkbox', { name: 'Salida de zona' }).focus();
        await page.keyboard.press('Space');
        await expect(form.getByRole('checkbox', { name: 'Salida de zona' })).toBeChecked();
        await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-form`) });
        await form.getByRole('button', { name: 'Guardar' }).click();

        const secretDialog = page.getByRole('dialog', { name: 'Webhook agregado: su secreto' });
        await expect(secretDialog.getByLabel('Secreto')).toHaveText(/^whsec_[\w-]{43}$/);
        await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-secret`) });
        await secretDialog.getByRole('button', { name: 'Cerrar' }).click();

        const title = `Central ${name} ${colorScheme}`;
        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
        await expect(card.getByText('SOS del conductor, Salida de zona')).toBeVisible();
        const before = received.length;
        await card.getByRole('button', { name: `Probar ${title}` }).click();
        await expect(page.getByText('Evento de prueba en cola: revisa Entregas en unos segundos')).toBeVisible();
        await expect.poll(() => received.length, { timeout: 15_000 }).toBe(before + 1);
        const event = JSON.parse(received[before].body) as { type: string; id: string };
        expect(event.type).toBe('test');
        expect(received[before].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

        await card.getByRole('button', { name: `Entregas de ${title}` }).click();
        const log = page.getByRole('dialog', { name: 'Entregas' });
        const row = log.getByRole('row').filter({ hasText: event.id });
        await expect(row.getByText('Entregado', { exact: true })).toBeVisible({ timeout: 15_000 });
        await expect(row.getByText('HTTP 200')).toBeVisible();
        await expectNoAxeViolations(page, undefined, { name: `deliveries ${name} ${colorScheme}` });
        await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-deliveries`) });
        await page.keyboard.press('Escape');
        await expect(log).toHaveCount(0);

        const { documentWidth, viewport } = await page.evaluate(() => ({ documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
        expect(documentWidth, 'no sideways scroll').toBe(viewport);
        await expectNoAxeViolations(page, undefined, { name: `page ${name} ${colorScheme}` });
        await page.screenshot({ path: screenshotPath(`notifications-${name}-${colorScheme}-list`), fullPage: true });
      });
    });
  }
}
