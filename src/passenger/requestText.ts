/**
 * The "Pedir un taxi" page's words and checks, pure so the unit test reads them: what the form
 * sends, what it says before sending (the server says the same again), and what each answer of
 * the server means for the passenger.
 */
import { normalizeChileanPhone } from '../../contract/phone';
import type { RequestPickup } from '../../contract/taxiRequests';
import { HONEYPOT_FIELD, REQUEST_LIMITS, TaxiRequestMessages } from '../../contract/taxiRequestWords';

export type PickupChoice = 'ubicacion' | 'lugar' | 'mapa';

export interface RequestForm {
  phone: string;
  name: string;
  choice: PickupChoice | null;
  /** The phone's position (ubicacion) or the point put on the map (mapa). */
  point: { latitude: number; longitude: number } | null;
  place: string;
  reference: string;
  notes: string;
  /** The honeypot's value, sent as it is: a person never sees the field. */
  trap: string;
}

export type FieldErrors = Partial<Record<'phone' | 'name' | 'pickup' | 'notes' | 'reference', string>>;

/** The body to send, or the fields to fix first. */
export function requestBody(form: RequestForm): { body: Record<string, unknown> } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!normalizeChileanPhone(form.phone)) errors.phone = TaxiRequestMessages.phone;
  if (!form.name.trim()) errors.name = TaxiRequestMessages.name;
  else if (form.name.trim().length > REQUEST_LIMITS.name) errors.name = 'El nombre es demasiado largo';
  if (form.notes.trim().length > REQUEST_LIMITS.notes) errors.notes = 'Las notas son demasiado largas';
  if (form.reference.trim().length > REQUEST_LIMITS.reference) errors.reference = 'La referencia es demasiado larga';
  const reference = form.reference.trim() || null;
  let pickup: RequestPickup | null = null;
  if (form.choice === 'lugar') {
    if (form.place) pickup = { kind: 'lugar', name: form.place, reference };
    else errors.pickup = 'Elija un lugar de la lista';
  } else if (form.choice === 'ubicacion' || form.choice === 'mapa') {
    if (form.point) pickup = { kind: form.choice, latitude: form.point.latitude, longitude: form.point.longitude, reference };
    else errors.pickup = form.choice === 'ubicacion' ? 'Aún no tenemos su ubicación: permita el acceso o elija otra opción' : 'Toque el mapa donde lo recogemos';
  } else {
    errors.pickup = TaxiRequestMessages.pickup;
  }
  if (Object.keys(errors).length || !pickup) return { errors };
  return { body: { phone: form.phone.trim(), name: form.name.trim(), pickup, notes: form.notes.trim() || null, [HONEYPOT_FIELD]: form.trap } };
}

/** The server's answer, for the page. */
export type Outcome = { sent: string } | { fields: FieldErrors; message: string } | { message: string } | { closed: true };

const FIELD_OF: Record<string, keyof FieldErrors> = { phone: 'phone', name: 'name', notes: 'notes', pickup: 'pickup', 'pickup.kind': 'pickup', 'pickup.name': 'pickup', 'pickup.latitude': 'pickup', 'pickup.longitude': 'pickup', 'pickup.reference': 'reference' };

export function outcomeOf(status: number, body: unknown): Outcome {
  const answer = (body ?? {}) as { path?: unknown; error?: unknown; fields?: Record<string, string> };
  if (status === 201 && typeof answer.path === 'string') return { sent: answer.path };
  if (status === 404) return { closed: true };
  const error = typeof answer.error === 'string' ? answer.error : 'No pudimos enviar su pedido. Intente nuevamente en unos segundos o llame a la central.';
  if (status === 400 && answer.fields) {
    const fields: FieldErrors = {};
    for (const [key, text] of Object.entries(answer.fields)) {
      const field = FIELD_OF[key];
      if (field && !fields[field]) fields[field] = text;
    }
    return { fields, message: 'Revise los datos marcados.' };
  }
  return { message: error };
}

export const OFFLINE_MESSAGE = 'Sin conexión. Revise su internet e intente nuevamente.';

/** GeolocationPositionError codes: 1 denied, 2 unavailable, 3 timeout. */
export function locationProblem(code: number | null): string {
  if (code === 1) return 'No nos dio permiso para ver su ubicación. Elija un lugar de la lista o márquelo en el mapa.';
  if (code === 3) return 'Su teléfono tardó demasiado en dar la ubicación. Intente otra vez o márquela en el mapa.';
  if (code === null) return 'Este navegador no puede dar su ubicación. Elija un lugar de la lista o márquelo en el mapa.';
  return 'No pudimos obtener su ubicación. Intente otra vez o márquela en el mapa.';
}

/** "Ubicación recibida (± 25 m)". */
export function locationReceived(accuracyMetres: number | null): string {
  return accuracyMetres === null ? 'Ubicación recibida.' : `Ubicación recibida (± ${Math.max(1, Math.round(accuracyMetres))} m).`;
}
