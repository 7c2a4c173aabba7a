/**
 * The booking form a dispatcher fills while on the phone, keyboard first: Teléfono (a known number
 * fills the name, notes and the last pickup), Recogida (the caller's recent addresses and the
 * fleet's places as suggestions, or a click on the map), Destino, Pasajeros, Notas, Ahora or a time,
 * and Enter creates the booking (and offers it to the nearest free taxi unless unticked).
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { apiErrorMessage } from '../../lib/apiError';
import { useCreateBookingMutation, useGetPlacesQuery, useLazyLookupCustomerQuery, useOfferBookingMutation } from './dispatchApi';
import type { Booking, Customer } from './dispatchTypes';
import { mapPointLabel, matchPickup, pickupOptions, type PickupPoint } from './pickupOptions';

/** Enough digits for a Chilean number (9 digits, or 8 of a landline). */
const LOOKUP_MIN_DIGITS = 8;
const LOOKUP_DELAY_MS = 250;

interface Draft {
  phone: string;
  name: string;
  pickupText: string;
  pickup: PickupPoint | null;
  destination: string;
  passengers: string;
  notes: string;
  when: 'now' | 'later';
  scheduledAt: string;
  offer: boolean;
}

const EMPTY: Draft = { phone: '', name: '', pickupText: '', pickup: null, destination: '', passengers: '1', notes: '', when: 'now', scheduledAt: '', offer: true };

/** A known customer's name, notes and last pickup fill what the dispatcher has not typed yet. */
function fillFromCustomer(current: Draft, customer: Customer): Draft {
  const last = customer.recent_addresses[0];
  return {
    ...current,
    name: current.name || customer.name || '',
    notes: current.notes || customer.notes || '',
    ...(current.pickupText || !last ? {} : { pickupText: last.address, pickup: { address: last.address, latitude: last.latitude, longitude: last.longitude } }),
  };
}

/** The clicked point becomes the pickup; a typed address keeps its text. */
function pickOnMap(current: Draft, pick: MapPick): Draft {
  const typed = current.pickupText.trim() && !current.pickupText.startsWith('Punto en el mapa');
  const address = typed ? current.pickupText : mapPointLabel(pick.latitude, pick.longitude);
  return { ...current, pickupText: address, pickup: { address, latitude: pick.latitude, longitude: pick.longitude } };
}

export interface MapPick {
  latitude: number;
  longitude: number;
  /** Increments with each click, so clicking the same point twice still counts. */
  seq: number;
}

export function BookingForm({ mapPick, onPickupChange, onCreated }: { mapPick: MapPick | null; onPickupChange(point: PickupPoint | null): void; onCreated(booking: Booking): void }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [lookup, { data: customer, isFetching: lookingUp }] = useLazyLookupCustomerQuery();
  const { data: places } = useGetPlacesQuery();
  const [createBooking, { isLoading: creating }] = useCreateBookingMutation();
  const [offerBooking] = useOfferBookingMutation();
  const phoneRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const whenName = useId();

  const digits = draft.phone.replace(/\D/g, '');
  const known = customer && digits.length >= LOOKUP_MIN_DIGITS ? customer : null;
  const options = useMemo(() => pickupOptions(known, places), [known, places]);

  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  // The caller's number, once long enough: ask who it is; a known customer fills the blanks.
  useEffect(() => {
    if (digits.length < LOOKUP_MIN_DIGITS) return undefined;
    const timer = setTimeout(() => {
      lookup(digits, true)
        .unwrap()
        .then((found) => {
          if (found) setDraft((current) => fillFromCustomer(current, found));
        })
        .catch(() => undefined); // An unknown or unreachable number: the dispatcher types the rest.
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [digits, lookup]);

  // A click on the map: that point is the pickup (applied while rendering, React's way to follow a prop).
  const [appliedPick, setAppliedPick] = useState(0);
  if (mapPick && mapPick.seq !== appliedPick) {
    setAppliedPick(mapPick.seq);
    setDraft((current) => pickOnMap(current, mapPick));
  }

  // The phone number is where a call starts.
  useEffect(() => phoneRef.current?.focus(), []);

  useEffect(() => onPickupChange(draft.pickup), [draft.pickup, onPickupChange]);

  function choosePickupText(text: string) {
    const match = matchPickup(options, text);
    // Typing over a map point keeps its coordinates under the new name.
    setDraft((current) => ({ ...current, pickupText: text, pickup: match ?? (current.pickup && text.trim() ? { ...current.pickup, address: text } : null) }));
  }

  function validate(): Partial<Record<keyof Draft, string>> {
    const found: Partial<Record<keyof Draft, string>> = {};
    if (digits.length < LOOKUP_MIN_DIGITS) found.phone = 'Ingresa el teléfono de quien llama';
    if (!draft.pickup) found.pickupText = draft.pickupText.trim() ? 'Elige una dirección de la lista o marca el punto en el mapa' : 'Ingresa el lugar de recogida';
    const passengers = Number(draft.passengers);
    if (!Number.isInteger(passengers) || passengers < 1 || passengers > 8) found.passengers = 'Entre 1 y 8 pasajeros';
    if (draft.when === 'later' && !(Date.parse(draft.scheduledAt) > Date.now())) found.scheduledAt = 'Elige una hora futura';
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length || !draft.pickup) return;
    try {
      const booking = await createBooking({
        customer_phone: draft.phone.trim(),
        customer_name: draft.name.trim() || undefined,
        pickup_address: draft.pickup.address,
        pickup_latitude: draft.pickup.latitude,
        pickup_longitude: draft.pickup.longitude,
        destination_address: draft.destination.trim() || undefined,
        passengers: Number(draft.passengers),
        notes: draft.notes.trim() || undefined,
        scheduled_at: draft.when === 'later' ? new Date(draft.scheduledAt).toISOString() : undefined,
      }).unwrap();
      let offered = false;
      if (draft.offer && draft.when === 'now') {
        offered = await offerBooking(booking.id)
          .unwrap()
          .then(() => true)
          .catch((failure: unknown) => {
            dispatch(noticeShown('error', apiErrorMessage(failure, `La reserva #${booking.id} quedó por asignar: no se pudo ofrecer.`)));
            return false;
          });
      }
      dispatch(noticeShown('success', offered ? `Reserva #${booking.id} creada y ofrecida al taxi más cercano` : `Reserva #${booking.id} creada`));
      setDraft(EMPTY);
      onCreated(booking);
      phoneRef.current?.focus();
    } catch (failure) {
      setServerError(apiErrorMessage(failure, 'No se pudo crear la reserva. Intenta nuevamente.'));
    }
  }

  return (
    <form className="flota-booking-form" aria-label="Nueva reserva" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="flota-booking-form__title">Nueva reserva</h2>
      <Field label="Teléfono" error={errors.phone} hint={known ? `Cliente conocido${known.name ? `: ${known.name}` : ''}` : lookingUp ? 'Buscando cliente...' : undefined}>
        {(control) => (
          <input {...control} ref={phoneRef} type="tel" inputMode="tel" autoComplete="off" placeholder="+56 9 1234 5678" value={draft.phone} onChange={(event) => update({ phone: event.target.value })} />
        )}
      </Field>
      <Field label="Nombre" error={errors.name}>
        {(control) => <input {...control} type="text" autoComplete="off" value={draft.name} onChange={(event) => update({ name: event.target.value })} />}
      </Field>
      <Field label="Recogida" error={errors.pickupText} hint="Escribe y elige de la lista, o haz clic en el mapa">
        {(control) => (
          <input {...control} type="text" list={listId} autoComplete="off" value={draft.pickupText} onChange={(event) => choosePickupText(event.target.value)} />
        )}
      </Field>
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.address} value={option.address} />
        ))}
      </datalist>
      <Field label="Destino (opcional)">
        {(control) => <input {...control} type="text" autoComplete="off" value={draft.destination} onChange={(event) => update({ destination: event.target.value })} />}
      </Field>
      <div className="flota-booking-form__row">
        <Field label="Pasajeros" error={errors.passengers}>
          {(control) => <input {...control} type="number" min={1} max={8} value={draft.passengers} onChange={(event) => update({ passengers: event.target.value })} />}
        </Field>
        <fieldset className="flota-booking-form__when">
          <legend>Cuándo</legend>
          <label>
            <input type="radio" name={whenName} checked={draft.when === 'now'} onChange={() => update({ when: 'now' })} /> Ahora
          </label>
          <label>
            <input type="radio" name={whenName} checked={draft.when === 'later'} onChange={() => update({ when: 'later' })} /> Programar
          </label>
        </fieldset>
      </div>
      {draft.when === 'later' && (
        <Field label="Fecha y hora" error={errors.scheduledAt}>
          {(control) => <input {...control} type="datetime-local" value={draft.scheduledAt} onChange={(event) => update({ scheduledAt: event.target.value })} />}
        </Field>
      )}
      <Field label="Notas">
        {(control) => <textarea {...control} rows={2} value={draft.notes} onChange={(event) => update({ notes: event.target.value })} onKeyDown={(event) => {
          // Enter sends the booking from here too; Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }} />}
      </Field>
      {draft.when === 'now' && (
        <label className="flota-booking-form__offer">
          <input type="checkbox" checked={draft.offer} onChange={(event) => update({ offer: event.target.checked })} /> Ofrecer al taxi libre más cercano
        </label>
      )}
      {serverError && (
        <p className="flota-form-error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="flota-button flota-button--primary" disabled={creating}>
        {creating ? 'Creando...' : 'Crear reserva'}
      </button>
    </form>
  );
}
