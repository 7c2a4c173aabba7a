/** Bookings, customers and candidates shaped like the server's answers (contract/dispatch.ts), for the tests. */
import type { Booking, Candidate, Customer } from '../../../contract/api';

const CREATED = '2026-11-24T18:00:00.000Z';

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 41,
    status: 'pendiente',
    origin: 'desk',
    board: 'por_asignar',
    needs_attention: false,
    customer_id: 5,
    customer_phone: '+56912345678',
    customer_name: 'Ana Pérez',
    pickup: { label: 'Ortiz de Rozas 415', latitude: -32.4512, longitude: -71.2318 },
    destination: null,
    passengers: 1,
    notes: null,
    scheduled_for: null,
    driver_id: null,
    driver_name: null,
    vehicle_id: null,
    plate_number: null,
    offer: null,
    refusals: 0,
    declined: 0,
    unanswered: 0,
    cancel_reason: null,
    fare: null,
    created_at: CREATED,
    updated_at: CREATED,
    events: [],
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 5,
    phone: '+56912345678',
    name: 'Ana Pérez',
    notes: 'Silla de ruedas plegable',
    recent_pickups: [{ label: 'Ortiz de Rozas 415', latitude: -32.4512, longitude: -71.2318 }],
    trips_count: 3,
    created_at: CREATED,
    ...overrides,
  };
}

export function makeCandidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    driver_id: 7,
    driver_name: 'Pedro Rojas',
    shift_id: 70,
    vehicle_id: 3,
    plate_number: 'KXWZ47',
    latitude: -32.4501,
    longitude: -71.2299,
    distance_m: 850,
    eta_s: 150,
    eta_source: 'linea_recta',
    position_age_s: 4,
    ...overrides,
  };
}
