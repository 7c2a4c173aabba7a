/** Data the MSW handlers answer with: shaped like the real API's (contract types). */
import type { Driver, Shift, User, Vehicle } from '../../contract/entities';

export const demoUser: User = {
  id: 1,
  rut: '123456785',
  first_name: 'Carolina',
  last_name: 'Muñoz',
  email: 'carolina.munoz@taxislaligua.cl',
  company_name: 'Taxis La Ligua',
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
