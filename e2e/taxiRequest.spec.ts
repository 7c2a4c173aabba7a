/**
 * "Pedir un taxi" (issue 36, item 5) in Chromium against the real server: the Dueño switches the
 * fleet's page on in Ajustes and sees its address; a passenger (390×844, no login) opens it,
 * meets the Spanish errors, asks for a taxi at a saved place and lands on the tracking page in
 * "Buscando taxi"; the request goes to the nearest free taxi's phone at once (issue 46, item 8: on
 * by default), the phone accepts, the desk's board shows it En curso marked web, and the
 * passenger's page says "En camino" by itself.
 * The desk then blocks the number, and the page refuses it without saying why.
 * Screenshots (e2e/artifacts/screenshots/pedir-*.png, ajustes-1366x768.png, ajustes-390x844-dark.png): Ajustes, the page empty,
 * with errors and sent, light and dark, the desk's card (light and dark), the blocked list and the refusal.
 */
import { expect, test, type Browser, type Page } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { createDriver, createPlace, DESK, deskOnDispatch, deskToken, Leftovers, north, PAPUDO, person, PHONE, phoneOnShift } from './support/dispatch';
import { DEMO_FLEET_CODE, screenshotPath } from './support/session';

const leftovers = new Leftovers();
test.afterAll(async ({ request }) => {
  // The demo fleet's page goes back to off, as other tests expect it.
  await request.put('/api/tracking/settings', { headers: { authorization: `Bearer ${await deskToken(request)}` }, data: { phone: null, position_after_boarding: false, requests_enabled: false, requests_auto_offer: true } });
  await leftovers.clear(request);
});

async function passenger(browser: Browser, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-CL', timezoneId: 'America/Santiago', colorScheme });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const form = (page: Page) => page.getByRole('form', { name: 'Pedir un taxi' });

test('the Dueño switches it on in Ajustes, a passenger asks, the nearest taxi is offered it at once and accepts: En camino, web on the desk', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const driver = person('Pilar', 'Web', 37);
  await createDriver(request, leftovers, driver, 'PDWB37');
  await createPlace(request, leftovers, 'Plaza de Papudo', PAPUDO);
  const { phone, page: driverPage } = await phoneOnShift(browser, driver, north(PAPUDO, 900));
  const { desk, page } = await deskOnDispatch(browser);

  // Off by default: the page answers as for a fleet that does not exist.
  const closed = await passenger(browser, `/pedir/${DEMO_FLEET_CODE}`);
  await expect(closed.getByRole('heading', { name: 'Esta página de pedidos no existe o no está activa' })).toBeVisible();
  await closed.context().close();

  // The Dueño switches it on in Ajustes, and copies the address; requests are offered at once by default.
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: 'Ajustes' }).click();
  const settings = page.getByRole('form', { name: 'Ajustes del seguimiento' });
  await settings.getByLabel('Teléfono de la central').fill('+56 33 271 1234');
  await settings.getByRole('checkbox', { name: /Página «Pedir un taxi» activa/ }).check();
  await expect(settings.getByRole('checkbox', { name: /Ofrecer cada pedido web en el acto al taxi libre más cercano/ })).toBeChecked();
  await settings.getByRole('button', { name: 'Guardar' }).click();
  const address = page.getByRole('textbox', { name: 'Dirección de la página Pedir un taxi' });
  await expect(address).toHaveValue(new RegExp(`/pedir/${DEMO_FLEET_CODE}$`));
  const url = new URL(await address.inputValue()).pathname;
  await page.screenshot({ path: screenshotPath('ajustes-1366x768'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: screenshotPath('ajustes-390x844-dark'), fullPage: true });
  await page.setViewportSize(DESK);
  await page.emulateMedia({ colorScheme: 'light' });
  await nav.getByRole('link', { name: 'Despacho' }).click();

  for (const colorScheme of ['light', 'dark'] as const) {
    const suffix = colorScheme === 'dark' ? '-dark' : '';
    const rider = await passenger(browser, url, colorScheme);
    await expect(form(rider)).toBeVisible();
    await expect(rider.getByRole('link', { name: 'Llamar a la central' })).toHaveAttribute('href', 'tel:+56332711234');
    expect(await rider.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await rider.screenshot({ path: screenshotPath(`pedir-vacio-390x844${suffix}`), fullPage: true });
    await form(rider).getByRole('button', { name: 'Pedir taxi' }).click();
    await expect(rider.getByLabel('Su teléfono')).toHaveAccessibleDescription(/Teléfono inválido: 9 dígitos/);
    await expect(rider.getByLabel('Su nombre')).toHaveAccessibleDescription('Escriba su nombre');
    await expect(rider.getByRole('group', { name: '¿Dónde lo recogemos?' })).toHaveAccessibleDescription('Indique dónde lo recogemos');
    await expect(rider.getByRole('alert')).toHaveText('Revise los datos marcados.');
    await rider.screenshot({ path: screenshotPath(`pedir-errores-390x844${suffix}`), fullPage: true });
    await expectNoAxeViolations(rider, undefined, { name: `pedir ${colorScheme}` });
    if (colorScheme === 'dark') await rider.context().close();
    else {
      // The passenger asks: number, name, a saved place of the fleet, a reference.
      await rider.getByLabel('Su teléfono').fill('9 7123 4567');
      await rider.getByLabel('Su nombre').fill('Rosa Web');
      await rider.getByRole('radio', { name: 'Un lugar conocido' }).check();
      await rider.getByLabel('Lugar', { exact: true }).selectOption('Plaza de Papudo');
      await rider.getByLabel('Referencia para el conductor (opcional)').fill('Frente a la pileta');
      await rider.getByLabel('Notas (opcional)').fill('Con una maleta');
      await rider.screenshot({ path: screenshotPath('pedir-lleno-390x844'), fullPage: true });
      await form(rider).getByRole('button', { name: 'Pedir taxi' }).click();
      await expect(rider).toHaveURL(/\/seguimiento\/[A-Za-z0-9_-]{24}$/);
      await expect(rider.getByRole('heading', { name: 'Buscando taxi' })).toBeVisible();
      await expect(rider.getByText('Plaza de Papudo (Frente a la pileta)')).toBeVisible();
      await rider.screenshot({ path: screenshotPath('pedir-enviado-390x844') });
      await rider.emulateMedia({ colorScheme: 'dark' });
      await rider.screenshot({ path: screenshotPath('pedir-enviado-390x844-dark') });
      await rider.emulateMedia({ colorScheme: 'light' });

      // Nobody at the desk touches it: the nearest free taxi's phone rings, and the driver accepts.
      await driverPage.getByRole('alertdialog', { name: 'Nuevo viaje ofrecido' }).getByRole('button', { name: 'Aceptar' }).click();

      // On the desk's board, En curso, marked web.
      const card = page.getByRole('region', { name: 'Tablero de viajes' }).getByRole('region', { name: /^En curso \d+$/ }).getByRole('button', { name: /origen web/ });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Plaza de Papudo (Frente a la pileta)');
      await expect(card).toContainText('Rosa Web');
      const id = Number(/^#(\d+)/.exec((await card.textContent()) ?? '')?.[1]);
      leftovers.bookings.push(id);
      await card.click();
      await expect(page.getByRole('region', { name: `Reserva #${id}` })).toContainText('pedido por la web');
      await card.screenshot({ path: screenshotPath('pedir-tarjeta-web-desk') });
      await page.screenshot({ path: screenshotPath('pedir-tablero-web-1366x768') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await card.screenshot({ path: screenshotPath('pedir-tarjeta-web-desk-dark') });
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(rider.getByRole('heading', { name: 'En camino' })).toBeVisible({ timeout: 20_000 });
      await expect(rider.getByLabel('Patente PDWB37')).toBeVisible();
      await rider.screenshot({ path: screenshotPath('pedir-en-camino-390x844') });
      await rider.context().close();
    }
  }

  // The desk blocks the number; the page then refuses it without saying why.
  await page.getByText('Pedir un taxi: números bloqueados').click();
  await page.getByRole('form', { name: 'Bloquear un número' }).getByLabel('Número a bloquear').fill('9 7123 4567');
  await page.getByRole('form', { name: 'Bloquear un número' }).getByRole('button', { name: 'Bloquear' }).click();
  const blocked = page.getByRole('list', { name: 'Números bloqueados' });
  await expect(blocked.getByText('+56 9 7123 4567')).toBeVisible();
  await blocked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('pedir-bloqueados-1366x768') });
  const again = await passenger(browser, url);
  await again.getByLabel('Su teléfono').fill('+56 9 7123 4567');
  await again.getByLabel('Su nombre').fill('Rosa Web');
  await again.getByRole('radio', { name: 'Un lugar conocido' }).check();
  await again.getByLabel('Lugar', { exact: true }).selectOption('Plaza de Papudo');
  await form(again).getByRole('button', { name: 'Pedir taxi' }).click();
  await expect(again.getByRole('alert')).toHaveText('No pudimos recibir su pedido por la web. Llame a la central para pedir su taxi.');
  await expect(again.getByText(/bloquead/i)).toHaveCount(0);
  await again.screenshot({ path: screenshotPath('pedir-rechazado-390x844'), fullPage: true });
  await again.context().close();
  const entry = blocked.getByRole('button', { name: 'Desbloquear +56 9 7123 4567' });
  await entry.click();
  await expect(entry).toHaveCount(0);
  await desk.close();
  await phone.close();
});
