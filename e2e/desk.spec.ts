/**
 * The dispatch desk with personal accounts, in Chromium against the real server: the owner creates
 * an operator; the operator signs in in a second browser context, watches the map move and cannot
 * edit a driver (no buttons; a forged request gets 403); the owner deactivates the operator and the
 * operator's open map is signed out; Actividad shows the owner's changes with who and when.
 */
import { expect, test, type Page } from './support/test';
import type { Driver, Shift } from '../contract/entities';
import { postLocation } from './support/liveMap';
import { logIn, screenshotPath } from './support/session';
import { formatDay } from '../contract/dateFormat';

const OPERATOR = { rut: '7.777.777-6', password: 'clave-operador-1', first_name: 'Olga', last_name: 'Operadora', email: 'olga@taxislaligua.cl' };
const DESKTOP = { width: 1366, height: 768 };
const clock = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'America/Santiago' });

/** The token the SPA keeps for its session (what a curious operator could copy from devtools). */
async function sessionToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('session'))?.[1] ?? null);
  return (JSON.parse(stored as string) as { token: string }).token;
}

test('owner and operator at one desk: create, watch, read-only, deactivate, activity', async ({ browser, request }) => {
  // ── The owner creates an operator in Usuarios ──
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await logIn(owner);
  await expect(owner.getByRole('banner')).toContainText('Dueño');
  await owner.getByRole('link', { name: 'Usuarios' }).click();
  await expect(owner.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await owner.getByRole('button', { name: '+ Nuevo Usuario' }).click();
  const form = owner.getByRole('dialog', { name: 'Nuevo Usuario' });
  await form.getByLabel('RUT').fill('7.777.777-1');
  await form.getByLabel('Nombre').fill(OPERATOR.first_name);
  await form.getByLabel('Apellido').fill(OPERATOR.last_name);
  await form.getByLabel('Correo').fill(OPERATOR.email);
  await form.getByLabel('Rol').selectOption('operador');
  await form.getByLabel('Contraseña inicial').fill(OPERATOR.password);
  await form.getByRole('button', { name: 'Guardar' }).click();
  // A wrong check digit is caught before anything is sent.
  await expect(form.getByText('RUT inválido: revisa el dígito verificador')).toBeVisible();
  await form.getByLabel('RUT').fill(OPERATOR.rut);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(owner.getByText('Usuario creado correctamente')).toBeVisible();
  const card = owner.getByRole('listitem').filter({ hasText: `${OPERATOR.first_name} ${OPERATOR.last_name}` });
  await expect(card).toContainText('Operador');
  await expect(card).toContainText('Activo');
  await owner.screenshot({ path: screenshotPath('desk-usuarios') });

  // ── The operator signs in in a second browser context and opens the live map ──
  const operatorContext = await browser.newContext({ viewport: DESKTOP });
  const operator = await operatorContext.newPage();
  await logIn(operator, OPERATOR.rut, OPERATOR.password);
  await expect(operator.getByRole('banner')).toContainText('Olga');
  await expect(operator.getByRole('banner')).toContainText('Operador');
  const nav = operator.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Actividad' })).toHaveCount(0);

  // Drivers read-only: no create, edit or delete buttons; a forged edit gets 403 and changes nothing.
  await nav.getByRole('link', { name: 'Conductores' }).click();
  await expect(operator.getByRole('heading', { name: 'Conductores' })).toBeVisible();
  await expect(operator.getByRole('listitem').first()).toBeVisible();
  await expect(operator.getByRole('button', { name: '+ Nuevo Conductor' })).toHaveCount(0);
  await expect(operator.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  await expect(operator.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  const token = await sessionToken(operator);
  const auth = { authorization: `Bearer ${token}` };
  const drivers = ((await (await request.get('/api/drivers', { headers: auth })).json()) as { drivers: Driver[] }).drivers;
  const target = drivers[0];
  const forged = await request.put(`/api/drivers/${target.id}`, { headers: auth, data: { ...target, first_name: 'Forjado' } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ error: 'No tienes permiso para realizar esta acción' });
  const after = ((await (await request.get('/api/drivers', { headers: auth })).json()) as { drivers: Driver[] }).drivers;
  expect(after.find((d) => d.id === target.id)?.first_name).toBe(target.first_name);

  // The map moves for the operator: a driver's phone posts a point, the popup follows it.
  await nav.getByRole('link', { name: 'Mapa en Vivo' }).click();
  await expect(operator.getByRole('heading', { name: 'Mapa en Vivo' })).toBeVisible();
  const shifts = ((await (await request.get('/api/shifts/active', { headers: auth })).json()) as { shifts: Shift[] }).shifts;
  const located = shifts.find((s) => s.latitude !== null) as Shift;
  const number = shifts.indexOf(located) + 1;
  const list = operator.getByRole('region', { name: 'Conductores Activos' });
  await list.getByRole('button', { name: new RegExp(`^#${number} `) }).click();
  const popup = operator.locator('.maplibregl-popup');
  await expect(popup).toContainText(`${located.first_name} ${located.last_name}`);
  const timestamp = await postLocation(request, located, (located.latitude as number) + 0.002, (located.longitude as number) + 0.002);
  await expect(popup).toContainText(`Última actualización: ${clock.format(new Date(timestamp))}`);

  // ── The owner deactivates the operator: the operator's open map is signed out ──
  await card.getByRole('button', { name: `Desactivar ${OPERATOR.first_name} ${OPERATOR.last_name}` }).click();
  await expect(owner.getByText('Usuario desactivado: sus sesiones se cerraron')).toBeVisible();
  await expect(card).toContainText('Inactivo');
  await expect(operator.getByRole('button', { name: 'Ingresar' })).toBeVisible({ timeout: 15_000 });
  await expect(operator).toHaveURL(/\/login$/);
  expect((await request.get('/api/drivers', { headers: auth })).status()).toBe(401);
  // And cannot sign in again.
  await operator.getByLabel('RUT').fill(OPERATOR.rut);
  await operator.getByLabel('Contraseña').fill(OPERATOR.password);
  await operator.getByRole('button', { name: 'Ingresar' }).click();
  await expect(operator.getByText('RUT o contraseña incorrectos')).toBeVisible();

  // ── Actividad shows the owner's changes: who, what, when ──
  await owner.getByRole('link', { name: 'Actividad' }).click();
  await expect(owner.getByRole('heading', { name: 'Actividad' })).toBeVisible();
  const rows = owner.locator('.flota-activity-table tbody tr');
  await expect(rows.first()).toContainText(`Desactivó usuario ${OPERATOR.first_name} ${OPERATOR.last_name}`);
  await expect(rows.first()).toContainText('Carolina Muñoz');
  await expect(rows.first()).toContainText('Dueño');
  await expect(rows.first()).toContainText('Activo: Sí → No');
  await expect(rows.nth(1)).toContainText(`Creó usuario ${OPERATOR.first_name} ${OPERATOR.last_name}`);
  const today = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Santiago' }).format(new Date()).replace(/-/g, '/');
  await expect(rows.first()).toContainText(today);
  // The forged request changed nothing, so nothing of the operator's is in the log.
  await expect(owner.locator('.flota-activity-table')).not.toContainText('Forjado');

  // Filters: a day with no changes yet (tomorrow in the fleet's zone) shows none.
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date(Date.now() + 86_400_000));
  await owner.getByLabel('Fecha Inicio').fill(formatDay(tomorrow));
  await owner.getByLabel('Fecha Fin').fill(formatDay(tomorrow));
  await owner.getByRole('button', { name: 'Buscar' }).click();
  await expect(owner.getByText('No hay actividad con los filtros seleccionados.')).toBeVisible();
  await owner.getByRole('button', { name: 'Limpiar' }).click();
  await expect(rows.first()).toContainText('Desactivó usuario');

  const download = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^actividad-\d{4}-\d{2}-\d{2}\.csv$/);
  await owner.screenshot({ path: screenshotPath('desk-actividad') });

  await operatorContext.close();
  await ownerContext.close();
});
