/** Despacho's test fixtures: demo drivers put on shift at a chosen point, and a desk booking. */
import type { Kysely } from 'kysely';
import type { BookingCreateInput } from '../../../contract/dispatch';
import type { Database } from '../../platform/db/schema';
import { zonedDate } from '../../platform/timeZone';
import { apiCall, driverLogin } from './http';

/** Central Santiago: far from the demo fleet's town, so only the taxis a test places here are near. */
export const PICKUP = { latitude: -33.4372, longitude: -70.6506, label: 'Plaza de Armas' };

export interface TaxiOnShift {
  driverId: number;
  shiftId: number;
  token: string;
  rut: string;
}

/**
 * The demo fleet's drivers with a vehicle and no active shift whom dispatch may offer trips to: the
 * demo's expired licences (and a taxi's expired document) keep theirs out of the candidates (Vencimientos).
 */
export async function freeDemoDrivers(db: Kysely<Database>, ownerId: number): Promise<{ id: number; rut: string }[]> {
  const today = zonedDate(new Date(), 'America/Santiago');
  return db
    .selectFrom('drivers as d')
    .select(['d.id', 'd.rut'])
    .where('d.owner_id', '=', ownerId)
    .where('d.is_active', '=', true)
    .where('d.deleted_at', 'is', null)
    .where('d.current_vehicle_id', 'is not', null)
    .where((eb) => eb.or([eb('d.license_expiry', 'is', null), eb('d.license_expiry', '>=', today)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('documents as x').select('x.id').whereRef('x.vehicle_id', '=', 'd.current_vehicle_id').where('x.expires_on', '<', today))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('shifts as s').select('s.id').whereRef('s.driver_id', '=', 'd.id').where('s.end_time', 'is', null))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('shifts as s').select('s.id').whereRef('s.vehicle_id', '=', 'd.current_vehicle_id').where('s.end_time', 'is', null))))
    .orderBy('d.id')
    .execute();
}

/** Signs the driver in, starts a shift and posts one point `metresNorth` of the pickup. */
export async function putOnShift(url: string, driver: { id: number; rut: string }, metresNorth: number, pickup = PICKUP): Promise<TaxiOnShift> {
  const { token } = await driverLogin(url, driver.rut);
  const started = await apiCall(url, '/api/driver/shifts/start', { token, json: {} });
  if (started.status !== 200) throw new Error(`shift start: ${started.status} ${JSON.stringify(started.body)}`);
  await moveTo(url, token, pickup.latitude + metresNorth / 111_195, pickup.longitude);
  return { driverId: driver.id, shiftId: started.body.shift.id, token, rut: driver.rut };
}

export async function moveTo(url: string, token: string, latitude: number, longitude: number): Promise<void> {
  const posted = await apiCall(url, '/api/driver/locations', { token, json: { locations: [{ latitude, longitude, timestamp: new Date().toISOString() }] } });
  if (posted.status !== 202) throw new Error(`location: ${posted.status} ${JSON.stringify(posted.body)}`);
}

export function bookingBody(overrides: Partial<BookingCreateInput> = {}): BookingCreateInput {
  return { customer_phone: '+56 9 8765 4321', customer_name: 'Marta Rojas', pickup: PICKUP, passengers: 1, notes: 'Con maleta', ...overrides };
}

export async function createBooking(url: string, token: string, overrides: Partial<BookingCreateInput> = {}): Promise<number> {
  const created = await apiCall(url, '/api/dispatch/bookings', { token, json: bookingBody(overrides) });
  if (created.status !== 201) throw new Error(`booking: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.booking.id;
}
