/** Made-up drivers and vehicles for the API tests: valid RUTs and plates that no seed uses. */
import { computeCheckDigit } from '../../contract/rut';

/** A valid stored RUT ("150000013") for a body like 15000001. */
export function validRut(body: number): string {
  return `${body}${computeCheckDigit(String(body))}`;
}

/** A complete POST /drivers body; override what the test is about. */
export function driverBody(rut: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    rut,
    password: 'clave-segura-1',
    first_name: 'Pedro',
    last_name: 'Rojas',
    email: 'pedro.rojas@example.cl',
    phone: '+56 9 1234 5678',
    license_number: 'A2-123',
    license_expiry: '2027-05-31',
    current_vehicle_id: null,
    ...overrides,
  };
}
