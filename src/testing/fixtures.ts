/** Data the MSW handlers answer with: shaped like the real API's (contract types). */
import type { Zone } from '../../contract/alerts';
import type { Driver, Shift, User, Vehicle } from '../../contract/entities';

export const demoUser: User = {
  id: 1,
  rut: '123456785',
  first_name: 'Carolina',
  last_name: 'Muñoz',
  email: 'carolina.munoz@taxislaligua.cl',
  company_name: 'Taxis La Ligua',
  fleet_code: 'LIGUA1',
  role: 'dueño',
};

export const demoToken = 'test-token';

export function makeDriver(overrides: Partial<Driver> = {}): Driver {
  return {
    id: 1,
    rut: '125319092',
    first_name: 'Juan',
    last_name: 'Pérez',
    email: 'juan.perez@example.cl',
    phone: '+56 9 1234 5678',
    license_number: 'A2-123456',
    license_expiry: '2030-01-01',
    current_vehicle_id: 1,
    is_active: true,
    plate_number: 'BCDF12',
    ...overrides,
  };
}

export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 1,
    plate_number: 'BCDF12',
    model: 'Toyota Corolla',
    color: 'Blanco',
    year: 2020,
    is_active: true,
    driver_id: 1,
    driver_first_name: 'Juan',
    driver_last_name: 'Pérez',
    ...overrides,
  };
}

export function makeShift(overrides: Partial<Shift> = {}): Shift {
  return {
    id: 1,
    driver_id: 1,
    vehicle_id: 1,
    first_name: 'Juan',
    last_name: 'Pérez',
    rut: '125319092',
    plate_number: 'BCDF12',
    start_time: '2026-11-21T12:00:00.000Z',
    end_time: null,
    duration_seconds: null,
    is_active: true,
    latitude: -32.4519,
    longitude: -71.2264,
    last_location_time: '2026-11-21T13:00:00.000Z',
    ...overrides,
  };
}

/** A zone of the fleet (Alertas): a triangle near La Ligua's Plaza de Armas unless told otherwise. */
export function makeZone(overrides: Partial<Zone> = {}): Zone {
  return {
    id: 1,
    name: 'Plaza de Armas',
    kind: 'paradero',
    color: '#16a34a',
    geometry: { type: 'Polygon', coordinates: [[[-71.23, -32.45], [-71.22, -32.45], [-71.22, -32.44], [-71.23, -32.45]]] },
    radius_m: null,
    speed_limit_kmh: null,
    dwell_minutes: null,
    active_hours: null,
    created_at: '2026-11-27T08:00:00.000Z',
    updated_at: '2026-11-27T08:00:00.000Z',
    ...overrides,
  };
}

/** An ISO instant for a local wall-clock time, so date expectations hold in any test time zone. */
export function localIso(year: number, month: number, day: number, hour: number, minute: number, second = 0): string {
  return new Date(year, month - 1, day, hour, minute, second).toISOString();
}

/** Shift history, newest first as the server sends it: active and finished, with and without vehicle. */
export const historyShifts: Shift[] = [
  makeShift({ id: 6, start_time: localIso(2026, 11, 21, 8, 0) }),
  makeShift({
    id: 5,
    driver_id: 2,
    vehicle_id: null,
    first_name: 'Ana',
    last_name: 'Soto',
    rut: '760864285',
    plate_number: null,
    start_time: localIso(2026, 11, 20, 22, 30),
    end_time: localIso(2026, 11, 21, 6, 35),
    duration_seconds: 8 * 3600 + 5 * 60,
    is_active: false,
  }),
  makeShift({ id: 4, start_time: localIso(2026, 11, 15, 9, 0), end_time: localIso(2026, 11, 15, 10, 5), duration_seconds: 65 * 60, is_active: false }),
  makeShift({
    id: 3,
    driver_id: 2,
    vehicle_id: 2,
    first_name: 'Ana',
    last_name: 'Soto',
    rut: '760864285',
    plate_number: 'GHJK34',
    start_time: localIso(2026, 11, 1, 7, 0),
    end_time: localIso(2026, 11, 2, 8, 0),
    duration_seconds: 25 * 3600,
    is_active: false,
  }),
  makeShift({
    id: 2,
    driver_id: 3,
    vehicle_id: 3,
    first_name: 'Pedro',
    last_name: 'González',
    rut: '111111111',
    plate_number: 'AB1234',
    start_time: localIso(2026, 10, 28, 12, 0),
    end_time: localIso(2026, 10, 28, 12, 0),
    duration_seconds: 40,
    is_active: false,
  }),
  makeShift({ id: 1, start_time: localIso(2026, 10, 5, 14, 0), end_time: localIso(2026, 10, 5, 18, 30), duration_seconds: 4 * 3600 + 30 * 60, is_active: false }),
];

/** Recorded route points per shift id (shifts not listed have none). */
export const shiftRoutes: Record<number, { latitude: number; longitude: number; timestamp: string }[]> = {
  4: [
    { latitude: -32.4519, longitude: -71.2264, timestamp: localIso(2026, 11, 15, 9, 0) },
    { latitude: -32.4475, longitude: -71.2301, timestamp: localIso(2026, 11, 15, 9, 30) },
    { latitude: -32.4402, longitude: -71.2355, timestamp: localIso(2026, 11, 15, 10, 5) },
  ],
  6: [
    { latitude: -32.4601, longitude: -71.2199, timestamp: localIso(2026, 11, 21, 8, 0) },
    { latitude: -32.4588, longitude: -71.2211, timestamp: localIso(2026, 11, 21, 8, 10) },
  ],
};
