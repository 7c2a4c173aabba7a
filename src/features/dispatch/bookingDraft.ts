/**
 * The booking form's draft and its rules, apart from the screen: what a known customer or a point on
 * the map fills in, what is missing, what the server's per-field texts mean, and the request it sends.
 */
import type { Customer } from '../../../contract/api';
import { apiFieldErrors } from '../../lib/apiError';
import { matchPickup, type PickupOption, type PickupPoint } from './pickupOptions';

export interface Draft {
  phone: string;
  name: string;
  pickupText: string;
  pickup: PickupPoint | null;
  /** The point was set on the map: typing names it instead of searching another. */
  pickupFromMap: boolean;
  destinationText: string;
  passengers: string;
  notes: string;
  when: 'now' | 'later';
  /** Programar: the day (YYYY-MM-DD) and the time (HH:mm), typed apart (DateField, TimeField). */
  scheduledDay: string;
  scheduledTime: string;
  offer: boolean;
}

export type Errors = Partial<Record<'phone' | 'name' | 'pickup' | 'passengers' | 'scheduledAt' | 'notes', string>>;

/** The local moment a scheduled booking is for ('' until both the day and the time are typed). */
export const scheduledAt = (draft: Draft) => (draft.scheduledDay && draft.scheduledTime ? `${draft.scheduledDay}T${draft.scheduledTime}` : '');

export const EMPTY_DRAFT: Draft = { phone: '', name: '', pickupText: '', pickup: null, pickupFromMap: false, destinationText: '', passengers: '1', notes: '', when: 'now', scheduledDay: '', scheduledTime: '', offer: true };

export interface MapPick {
  latitude: number;
  longitude: number;
  /** Increments with each click, so clicking the same point twice still counts. */
  seq: number;
}

/** A known customer's name, notes and last pickup fill what the dispatcher has not typed yet. */
export function fillFromCustomer(current: Draft, customer: Customer): Draft {
  const last = customer.recent_pickups[0];
  return {
    ...current,
    name: current.name || customer.name || '',
    notes: current.notes || customer.notes || '',
    ...(current.pickupText || !last ? {} : { pickupText: last.label, pickup: last }),
  };
}

/**
 * The point set on the map becomes the pickup, named by what was typed: the board and the driver read
 * "Ortiz de Rozas 550", never coordinates. Nothing typed yet: the dispatcher is asked for a reference.
 */
export function pickOnMap(current: Draft, pick: MapPick): Draft {
  const label = current.pickupText.trim();
  return { ...current, pickupFromMap: true, pickup: { label, latitude: pick.latitude, longitude: pick.longitude } };
}

export function pickupHint(draft: Draft): string | undefined {
  if (draft.pickupFromMap) return draft.pickup?.label ? 'Punto marcado en el mapa' : 'Punto marcado en el mapa: escribe la dirección o una referencia';
  return draft.pickup ? undefined : 'Escribe y elige de la lista (↓ y Enter), o marca el punto en el mapa';
}

/** The server's per-field texts (400 {fields}) on the form's fields. */
export function serverFieldErrors(failure: unknown): Errors {
  const fields = apiFieldErrors(failure);
  const errors: Errors = {};
  for (const [name, text] of Object.entries(fields)) {
    if (name.startsWith('customer_phone')) errors.phone = text;
    else if (name.startsWith('customer_name')) errors.name = text;
    else if (name.startsWith('pickup') || name.startsWith('destination')) errors.pickup = text;
    else if (name.startsWith('passengers')) errors.passengers = text;
    else if (name.startsWith('scheduled_for')) errors.scheduledAt = text;
    else if (name.startsWith('notes')) errors.notes = text;
  }
  return errors;
}

/** What is missing or wrong before anything is sent; `phone` is the typed number normalized (null: invalid). */
export function validateDraft(draft: Draft, phone: string | null): Errors {
  const found: Errors = {};
  if (!phone) found.phone = draft.phone.trim() ? 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' : 'Ingresa el teléfono de quien llama';
  if (!draft.pickup) found.pickup = draft.pickupText.trim() ? 'Elige una dirección de la lista o marca el punto en el mapa' : 'Ingresa el lugar de recogida o haz clic en el mapa';
  else if (!draft.pickup.label) found.pickup = 'Escribe la dirección o una referencia del punto marcado';
  const passengers = Number(draft.passengers);
  if (!Number.isInteger(passengers) || passengers < 1 || passengers > 8) found.passengers = 'Entre 1 y 8 pasajeros';
  if (draft.when === 'later' && !(Date.parse(scheduledAt(draft)) > Date.now())) found.scheduledAt = 'Elige una hora futura';
  return found;
}

/** The booking a checked draft asks for. A destination from the list travels as a point; any other text goes to the driver in the notes. */
export function bookingRequest(draft: Draft, pickup: PickupPoint, phone: string, options: readonly PickupOption[]) {
  const destination = matchPickup(options, draft.destinationText);
  const destinationNote = !destination && draft.destinationText.trim() ? `Destino: ${draft.destinationText.trim()}` : '';
  const notes = [draft.notes.trim(), destinationNote].filter(Boolean).join('\n');
  return {
    customer_phone: phone,
    customer_name: draft.name.trim() || null,
    pickup,
    destination,
    passengers: Number(draft.passengers),
    notes: notes || null,
    scheduled_for: draft.when === 'later' ? new Date(scheduledAt(draft)).toISOString() : null,
  };
}

