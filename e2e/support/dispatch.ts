/**
 * What the Despacho journeys share: drivers of their own (created as the owner would, removed
 * after), a saved place far from the demo fleet (so the demo taxis other journeys leave fresh never
 * outrank them), a driver on shift through the driver API, and /conductor on an emulated phone.
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Booking, Driver, Shift } from '../../contract/api';
import { DEMO_FLEET_CODE, DEMO_PASSWORD, DEMO_RUT, logIn } from './session';

export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1366, height: 768 };
export const OPERADOR_RUT = '6.666.666-2';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Papudo, 20 km from La Ligua where the demo taxis drive: the journeys' taxis are the nearest here. */
export const PAPUDO: Point = { latitude: -32.507, longitude: -71.4475 };
/** A point this many metres north of another (1° of latitude is 111 km). */
export const north = (point: Point, meters: number): Point => ({ latitude: point.latitude + meters / 111_000, longitude: point.longitude });

export interface Person {
  rut: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** The check digit of a Chilean RUT (módulo 11). */
function rutWithDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
  return `${String(body).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${check}`;
}

/** A person no other journey uses: the RUT's body is new on every run. */
export function person(first_name: string, last_name: string, seed: number): Person {
  return { rut: rutWithDigit(19_000_000 + ((Date.now() / 1000 + seed * 7919) % 900_000 | 0)), password: 'despacho-123', first_name, last_name };
}

export async function deskToken(request: APIRequestContext, rut = DEMO_RUT): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { rut, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Everything one journey created, undone after it: the other journeys count the demo fleet's drivers and shifts. */
export class Leftovers {
  drivers: number[] = [];
  vehicles: number[] = [];
  places: number[] = [];
  bookings: number[] = [];

  async clear(request: APIRequestContext) {
    const headers = auth(await deskToken(request));
    for (const id of this.bookings.splice(0)) {
      const { booking } = (await (await request.get(`/api/dispatch/bookings/${id}`, { headers })).json()) as { booking: Booking };
      if (booking.board !== 'finalizados') await request.post(`/api/dispatch/bookings/${id}/cancel`, { headers, data: { reason: 'Fin de la prueba' } });
    }
    const { shifts } = (await (await request.get('/api/shifts/active', { headers })).json()) as { shifts: Shift[] };
    for (const shift of shifts.filter((s) => s.driver_id !== null && this.drivers.includes(s.driver_id))) await request.post(`/api/shifts/${shift.id}/end`, { headers, data: {} });
    for (const id of this.drivers.splice(0)) expect((await request.delete(`/api/drivers/${id}`, { headers })).status(), `DELETE /api/drivers/${id}`).toBe(200);
    for (const id of this.vehicles.splice(0)) expect((await request.delete(`/api/vehicles/${id}`, { headers })).status(), `DELETE /api/vehicles/${id}`).toBe(200);
    for (const id of this.places.splice(0)) expect((await request.delete(`/api/dispatch/places/${id}`, { headers })).status(), `DELETE /api/dispatch/places/${id}`).toBe(200);
  }
}

/** A driver of the demo fleet with a vehicle of its own. */
export async function createDriver(request: APIRequestContext, leftovers: Leftovers, who: Person, plate: string): Promise<Driver> {
  const headers = auth(await deskToken(request));
  const vehicle = await request.post('/api/vehicles', { headers, data: { plate_number: plate, model: 'Toyota Yaris', color: 'Negro', year: 2022 } });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const { vehicle: created } = (await vehicle.json()) as { vehicle: { id: number } };
  leftovers.vehicles.push(created.id);
  const driver = await request.post('/api/drivers', { headers, data: { ...who, current_vehicle_id: created.id } });
  expect(driver.status(), await driver.text()).toBe(201);
  const { driver: newDriver } = (await driver.json()) as { driver: Driver };
  leftovers.drivers.push(newDriver.id);
  return newDriver;
}

/** One of the fleet's saved places, which the dispatcher types by name. */
export async function createPlace(request: APIRequestContext, leftovers: Leftovers, name: string, at: Point): Promise<void> {
  const created = await request.post('/api/dispatch/places', { headers: auth(await deskToken(request)), data: { name, ...at } });
  expect(created.status(), await created.text()).toBe(201);
  leftovers.places.push(((await created.json()) as { place: { id: number } }).place.id);
}

/** A driver without /conductor open: on shift and placed through the driver API, as a tracker would. */
export async function apiDriverOnShift(request: APIRequestContext, who: Person) {
  const login = await request.post('/api/driver/login', { data: { fleet_code: DEMO_FLEET_CODE, rut: who.rut, password: who.password } });
  expect(login.ok()).toBe(true);
  const headers = auth(((await login.json()) as { token: string }).token);
  expect((await request.post('/api/driver/shifts/start', { headers, data: {} })).ok()).toBe(true);
  return {
    /** A fresh position (candidates need one under DISPATCH_FRESH_SECONDS old). */
    async at(point: Point) {
      const posted = await request.post('/api/driver/locations', { headers, data: { locations: [{ ...point, timestamp: new Date().toISOString() }] } });
      expect(posted.status()).toBe(202);
    },
    async dispatchState() {
      return (await (await request.get('/api/driver/dispatch', { headers })).json()) as { offer: { booking: { id: number } } | null; trip: { id: number; status: string } | null };
    },
    async decline(bookingId: number) {
      expect((await request.post(`/api/driver/offers/${bookingId}/decline`, { headers })).ok()).toBe(true);
    },
    /** Aceptar, as the phone's button sends it. */
    async accept(bookingId: number) {
      const accepted = await request.post(`/api/driver/offers/${bookingId}/accept`, { headers });
      expect(accepted.status(), await accepted.text()).toBe(200);
    },
  };
}

/** /conductor on a phone (390×844 unless `viewport` says) at `at`: signed in, on shift, its first position sent. */
export async function phoneOnShift(browser: Browser, who: Person, at: Point, viewport = PHONE): Promise<{ phone: BrowserContext; page: Page }> {
  const phone = await browser.newContext({ viewport, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: { ...at, accuracy: 8 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await phone.newPage();
  await page.goto(`/conductor?flota=${DEMO_FLEET_CODE}`);
  await page.getByLabel('RUT').fill(who.rut);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(page.getByRole('button', { name: 'Terminar turno' })).toBeVisible();
  // Chromium stamps an emulated fix with the time it was set: set it again, after the shift started.
  await phone.setGeolocation({ ...at, accuracy: 8 });
  await expect(page.locator('dt', { hasText: 'Última posición enviada' }).locator('+ dd')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByRole('radiogroup', { name: 'Disponibilidad' }).getByRole('radio', { name: 'Libre' })).toHaveAttribute('aria-checked', 'true');
  return { phone, page };
}

/**
 * A desk context at 1366×768 signed in as `rut`, on Despacho. Signed in through the API (logIn), not
 * the login screen, which no dispatch journey is about (auth.spec.ts tests it).
 */
export async function deskOnDispatch(browser: Browser, rut = DEMO_RUT): Promise<{ desk: BrowserContext; page: Page }> {
  const desk = await browser.newContext({ viewport: DESK, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await desk.newPage();
  await logIn(page, rut);
  await page.getByRole('link', { name: 'Despacho' }).click();
  await expect(page.getByRole('heading', { name: 'Despacho' })).toBeVisible();
  return { desk, page };
}

/** The booking's card on the board, within the column it must be in. */
export function boardCard(page: Page, column: 'Por asignar' | 'Programados' | 'En curso' | 'Finalizados hoy', bookingId: number) {
  return page
    .getByRole('region', { name: 'Tablero de viajes' })
    .getByRole('region', { name: new RegExp(`^${column} \\d+$`) })
    .getByRole('button', { name: new RegExp(`^#${bookingId} `) });
}

/** The booking just created: the form selects it on the board ("#12 Ofrecido ..."), newer than `after`. */
export async function createdBookingId(page: Page, after = 0): Promise<number> {
  const selected = page.getByRole('region', { name: 'Tablero de viajes' }).getByRole('button', { pressed: true });
  let id = 0;
  await expect
    .poll(async () => {
      id = Number(/^#(\d+)/.exec(((await selected.count()) === 1 && (await selected.textContent())) || '')?.[1] ?? 0);
      return id;
    })
    .toBeGreaterThan(after);
  return id;
}
