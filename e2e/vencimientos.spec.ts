/**
 * Vencimientos (issue 34) in Chromium against the real server: the Dueño adds a revisión técnica
 * expiring in 5 days with its scanned PDF on a taxi's card (the real bytes, whose type the server reads
 * from the content); it shows on the card and in Vencimientos (a table at 1366×768, cards at 390×844).
 * A driver whose licence expired 40 days ago, on shift with the phone's live position, stays out of
 * the candidates: the desk sees why, and /conductor tells the driver. Each journey brings its own taxi
 * and driver, in Papudo, and removes them. Screenshots (e2e/artifacts/screenshots/vencimientos-*.png)
 * are for a person to look at.
 *
 * What needs no browser is tested beside the code: the documents dialog, its refusals and the file's
 * download (src/features/documents/DocumentsModal.test.tsx), the list's filters, states and export
 * (VencimientosPage.test.tsx), the cards' badges and the dashboard's documents (ExpiryNotices.test.tsx),
 * the excluded taxis on Despacho (src/features/dispatch/DispatchPage.test.tsx); the reminders reaching
 * the inbox once per threshold, on the injected clock (server/modules/alerts/postgresDocumentReminders.test.ts,
 * documentReminders.test.ts) instead of waiting here for the sweep's next minute.
 */
import { expect, test } from './support/test';
import { createDriver, DESK, deskToken, Leftovers, north, PAPUDO, person, PHONE, phoneOnShift } from './support/dispatch';
import { logIn, screenshotPath } from './support/session';

const leftovers = new Leftovers();
test.afterEach(async ({ request }) => leftovers.clear(request));

/** YYYY-MM-DD `days` from today in Santiago, and how the screens write it. */
function dayFromToday(days: number): { iso: string; shown: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date(Date.now() + days * 86_400_000));
  return { iso, shown: iso.split('-').reverse().join('/') };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a revisión técnica expiring in 5 days with its scanned PDF: on the card and in Vencimientos', async ({ browser, request }) => {
  test.setTimeout(120_000);
  await createDriver(request, leftovers, person('Marta', 'Vencimientos', 11), 'VJCR51');
  const due = dayFromToday(5);
  const desk = await browser.newContext({ viewport: DESK, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await desk.newPage();
  await logIn(page);
  await page.goto('/dashboard/vehicles');
  const card = page.getByRole('list', { name: 'Vehículos' }).getByRole('listitem').filter({ hasText: 'VJCR51' });
  await card.getByRole('button', { name: 'Documentos de VJCR51' }).click();
  const dialog = page.getByRole('dialog', { name: 'Documentos de VJCR51' });
  await expect(dialog.getByText('Sin documentos registrados.')).toBeVisible();
  await dialog.getByLabel('Tipo').selectOption({ label: 'Revisión técnica' });
  await dialog.getByLabel('Número o folio').fill('RT-B-55120');
  await dialog.getByLabel('Emisión').fill(dayFromToday(-175).shown);
  await dialog.getByLabel('Vencimiento').fill(due.shown);
  await dialog.getByLabel(/Archivo escaneado/).setInputFiles({ name: 'revision-tecnica.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Guardar documento' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Revisión técnica guardado');
  const saved = dialog.getByRole('list', { name: 'Documentos de VJCR51' }).getByRole('listitem');
  await expect(saved).toContainText(`Revisión técnica · N° RT-B-55120 · vence el ${due.shown}`);
  await expect(saved.getByRole('button', { name: 'Ver archivo de Revisión técnica' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('vencimientos-documents-1366') });
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

  await expect(card).toContainText(`Revisión técnica vence el ${due.shown}`);
  await card.screenshot({ path: screenshotPath('vencimientos-vehicle-card') });

  await page.getByRole('link', { name: 'Vencimientos' }).click();
  await expect(page.getByRole('heading', { name: 'Vencimientos', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'VJCR51' });
  await expect(row).toContainText(`vence el ${due.shown} (en 5 días)`);
  await expect(row).toContainText('Revisión técnica · con archivo');
  await page.screenshot({ path: screenshotPath('vencimientos-1366') });
  await page.setViewportSize(PHONE);
  const phoneCard = page.getByRole('list', { name: 'Vencimientos' }).getByRole('listitem').filter({ hasText: 'VJCR51' });
  await expect(phoneCard).toContainText(`vence el ${due.shown} (en 5 días)`);
  await page.screenshot({ path: screenshotPath('vencimientos-390'), fullPage: true });
  await page.setViewportSize(DESK);

  // The dashboard's Requiere atención with the document, for a person to look at.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('list', { name: 'Documentos vencidos o por vencer' }).getByRole('listitem').filter({ hasText: 'VJCR51' })).toBeVisible();
  await expect(page.getByText('Cargando pendientes...')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('vencimientos-dashboard-1366') });
  await desk.close();
});

test('an expired licence keeps the driver out of the candidates, with the reason on the desk and on the phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const who = person('Rodrigo', 'Caducado', 12);
  const driver = await createDriver(request, leftovers, who, 'VJCL52');
  const headers = { authorization: `Bearer ${await deskToken(request)}` };
  const expired = dayFromToday(-40);
  const licence = await request.post('/api/documents', { headers, data: { driver_id: driver.id, kind: 'licencia', licence_class: 'A2', number: 'A2-9911', expires_on: expired.iso } });
  expect(licence.status(), await licence.text()).toBe(201);
  const reason = `Licencia profesional de Rodrigo Caducado venció el ${expired.shown}`;

  const { phone, page: driverPage } = await phoneOnShift(browser, who, north(PAPUDO, 300));
  const mine = driverPage.getByRole('region', { name: 'Mis documentos' });
  await expect(mine.getByRole('alert')).toContainText('No te llegan ofertas de viaje');
  await expect(mine.getByRole('alert')).toContainText(reason);
  await driverPage.screenshot({ path: screenshotPath('vencimientos-conductor-390'), fullPage: true });

  const booking = await request.post('/api/dispatch/bookings', { headers, data: { customer_phone: '+56 9 5555 0152', pickup: { ...PAPUDO, label: 'Plaza de Papudo' } } });
  expect(booking.status(), await booking.text()).toBe(201);
  const id = ((await booking.json()) as { booking: { id: number } }).booking.id;
  leftovers.bookings.push(id);

  const desk = await browser.newContext({ viewport: DESK, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await desk.newPage();
  await logIn(page);
  await page.goto('/dashboard/dispatch');
  await page.getByRole('region', { name: 'Tablero de viajes' }).getByRole('button', { name: new RegExp(`^#${id} `) }).click();
  const detail = page.getByRole('region', { name: `Reserva #${id}` });
  const excluded = detail.getByRole('list', { name: 'Taxis excluidos por documentos vencidos' });
  await expect(excluded.getByRole('listitem').filter({ hasText: 'Rodrigo Caducado' })).toContainText(reason);
  await expect(detail.getByRole('list', { name: 'Taxis libres más cercanos' }).getByText('Rodrigo Caducado')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('vencimientos-dispatch-1366') });
  await desk.close();
  await phone.close();
});
