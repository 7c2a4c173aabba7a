import { expect, test, type Page } from './support/test';
import { computeCheckDigit, formatRut } from '../contract/rut';
import { logIn, screenshotPath } from './support/session';

/**
 * Drivers and vehicles end to end against the real server and its seeded fleet. Every run makes
 * its own RUT, plate and names, so the spec can run again in the same server life.
 */
const CONSONANTS = 'BCDFGHJKLPRSTVWXYZ';
const pick = (alphabet: string) => alphabet[Math.floor(Math.random() * alphabet.length)];
const plateLetters = Array.from({ length: 4 }, () => pick(CONSONANTS)).join('');
const plateDigits = String(10 + Math.floor(Math.random() * 90));
/** Typed as a person would, with a space; the server stores it without. */
const typedPlate = `${plateLetters} ${plateDigits}`;
const storedPlate = `${plateLetters}${plateDigits}`;
// Bodies from 30 million up: the seed's drivers are below 22 million.
const rutBody = String(30_000_000 + Math.floor(Math.random() * 60_000_000));
const rut = formatRut(`${rutBody}${computeCheckDigit(rutBody)}`);
const suffix = Array.from({ length: 5 }, () => pick('abcdefghijklmnopqrstuvwxyz')).join('');
const firstName = 'Valentina';
const lastName = `Ensayo ${suffix}`;
const fullName = `${firstName} ${lastName}`;

const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });
const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openSection(page: Page, link: 'Conductores' | 'Vehículos') {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
  await expect(page.getByRole('list', { name: link })).toBeVisible();
}

/** "26 conductores registrados" → 26. */
async function registeredDrivers(page: Page): Promise<number> {
  const subtitle = page.getByText(/\d+ conductor(es)? registrados?/);
  await expect(subtitle).toBeVisible();
  return Number((await subtitle.textContent())?.match(/\d+/)?.[0]);
}

test('a vehicle and a driver assigned to it are created, shown together, edited and deleted', async ({ page }) => {
  await logIn(page);

  // Vehicle: the plate typed with a space is stored and shown without it.
  await openSection(page, 'Vehículos');
  await page.screenshot({ path: screenshotPath('vehicles-grid') });
  await page.getByRole('button', { name: '+ Nuevo Vehículo' }).click();
  const newVehicle = dialog(page, 'Nuevo Vehículo');
  await newVehicle.getByLabel('Patente').fill(typedPlate);
  await newVehicle.getByLabel('Modelo').fill('Toyota Yaris');
  await newVehicle.getByLabel('Color').fill('Blanco');
  await newVehicle.getByLabel('Año').fill('2022');
  await newVehicle.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice(page, 'Vehículo creado correctamente')).toBeVisible();
  await expect(newVehicle).toBeHidden();
  await expect(card(page, storedPlate)).toContainText('Toyota Yaris');
  await expect(card(page, storedPlate)).toContainText('Sin asignar');

  // Driver assigned to it.
  await openSection(page, 'Conductores');
  const before = await registeredDrivers(page);
  await page.getByRole('button', { name: '+ Nuevo Conductor' }).click();
  const newDriver = dialog(page, 'Nuevo Conductor');
  await newDriver.getByLabel('RUT').fill(rut);
  await newDriver.getByLabel('Contraseña').fill('clave-segura-1');
  await newDriver.getByLabel('Nombre').fill(firstName);
  await newDriver.getByLabel('Apellido').fill(lastName);
  await newDriver.getByLabel('Correo').fill(`valentina.${suffix}@example.cl`);
  await newDriver.getByLabel('Teléfono', { exact: true }).fill('+56 9 1234 5678');
  await newDriver.getByLabel('Número de licencia').fill('A2-7788');
  await newDriver.getByLabel('Vencimiento de licencia').fill('31/03/2028');
  await newDriver.getByLabel('Vehículo asignado').selectOption({ label: storedPlate });
  await newDriver.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice(page, 'Conductor creado correctamente')).toBeVisible();
  await expect(newDriver).toBeHidden();
  const driverCard = card(page, fullName);
  await expect(driverCard).toContainText(`RUT ${rut}`);
  await expect(driverCard).toContainText(storedPlate);
  expect(await registeredDrivers(page)).toBe(before + 1);
  await page.getByRole('searchbox', { name: 'Buscar conductores' }).fill(suffix);
  await expect(page.getByRole('list', { name: 'Conductores' }).getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('drivers-grid-found') });
  await page.getByRole('searchbox', { name: 'Buscar conductores' }).fill('');

  // The same RUT again: the server's 409 text in the modal.
  await page.getByRole('button', { name: '+ Nuevo Conductor' }).click();
  await newDriver.getByLabel('RUT').fill(rut.replace(/\./g, ''));
  await newDriver.getByLabel('Contraseña').fill('clave-segura-2');
  await newDriver.getByLabel('Nombre').fill('Otra');
  await newDriver.getByLabel('Apellido').fill('Persona');
  await newDriver.getByRole('button', { name: 'Guardar' }).click();
  await expect(newDriver.getByRole('alert')).toHaveText('Ya existe un conductor con ese RUT');
  await page.screenshot({ path: screenshotPath('driver-modal-duplicate') });
  await newDriver.getByRole('button', { name: 'Cancelar' }).click();

  // The vehicle's card names its driver.
  await openSection(page, 'Vehículos');
  await expect(card(page, storedPlate)).toContainText(fullName);

  // Edit the vehicle's model: the form sends the plate back unchanged.
  await page.getByRole('button', { name: `Editar ${storedPlate}` }).click();
  const editVehicle = dialog(page, 'Editar Vehículo');
  await expect(editVehicle.getByLabel('Patente')).toHaveValue(storedPlate);
  await editVehicle.getByLabel('Modelo').fill('Toyota Yaris Sport');
  await editVehicle.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice(page, 'Vehículo actualizado correctamente')).toBeVisible();
  await expect(card(page, storedPlate)).toContainText('Toyota Yaris Sport');
  await expect(card(page, storedPlate)).toContainText(fullName);

  // Edit the driver's phone: the form sends the stored RUT back and leaves the blank password out.
  await openSection(page, 'Conductores');
  await page.getByRole('button', { name: `Editar ${fullName}` }).click();
  const editDriver = dialog(page, 'Editar Conductor');
  await expect(editDriver.getByLabel('RUT')).toHaveValue(rut);
  await expect(editDriver.getByLabel('Contraseña')).toHaveValue('');
  await editDriver.getByLabel('Teléfono', { exact: true }).fill('+56 9 8765 4321');
  await editDriver.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice(page, 'Conductor actualizado correctamente')).toBeVisible();
  await expect(driverCard).toContainText('+56 9 8765 4321');
  await expect(driverCard).toContainText(storedPlate);

  // Delete the driver with the two-step button.
  await page.getByRole('button', { name: `Eliminar ${fullName}` }).click();
  await page.getByRole('button', { name: `Confirmar eliminación de ${fullName}` }).click();
  await expect(notice(page, 'Conductor eliminado correctamente')).toBeVisible();
  await expect(driverCard).toHaveCount(0);
  expect(await registeredDrivers(page)).toBe(before);

  // The vehicle is free again; delete it too.
  await openSection(page, 'Vehículos');
  await expect(card(page, storedPlate)).toContainText('Sin asignar');
  await page.getByRole('button', { name: `Eliminar ${storedPlate}` }).click();
  await page.getByRole('button', { name: `Confirmar eliminación de ${storedPlate}` }).click();
  await expect(notice(page, 'Vehículo eliminado correctamente')).toBeVisible();
  await expect(card(page, storedPlate)).toHaveCount(0);
});

test('a RUT with a wrong check digit shows the error in the modal and creates nothing', async ({ page }) => {
  await logIn(page);
  await openSection(page, 'Conductores');
  const before = await registeredDrivers(page);
  await page.screenshot({ path: screenshotPath('drivers-grid') });

  await page.getByRole('button', { name: '+ Nuevo Conductor' }).click();
  const form = dialog(page, 'Nuevo Conductor');
  await form.getByLabel('RUT').fill('12.345.678-6');
  await form.getByLabel('Contraseña').fill('clave-segura-1');
  await form.getByLabel('Nombre').fill('Rut');
  await form.getByLabel('Apellido').fill('Equivocado');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('RUT inválido: revisa el dígito verificador')).toBeVisible();
  await expect(form.getByLabel('RUT')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: screenshotPath('driver-modal-error') });
  await form.getByRole('button', { name: 'Cancelar' }).click();

  // Nothing reached the database: a fresh load counts the same drivers.
  await page.reload();
  expect(await registeredDrivers(page)).toBe(before);
  await expect(card(page, 'Equivocado')).toHaveCount(0);
});
