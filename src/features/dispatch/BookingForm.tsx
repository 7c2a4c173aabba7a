/**
 * The booking form a dispatcher fills while on the phone, keyboard first: Teléfono (a known number
 * fills the name, notes and the last pickup), Recogida (one list, driven with ↓↑ and Enter: the
 * caller's recent pickups, the fleet's places, every address it used and, when configured, the
 * geocoder's; or a point set on the map, by click or with the arrows and Enter, named by what was typed),
 * Destino, Pasajeros, Notas, Ahora or a time, and Enter creates the booking and offers it to the
 * nearest free taxi (unless unticked).
 */
import { DateField } from '../../components/form/DateField';
import { TimeField } from '../../components/form/TimeField';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { normalizeChileanPhone, type Booking, type Customer } from '../../../contract/api';
import { useAppDispatch } from '../../app/hooks';
import { Field } from '../../components/form/Field';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';
import { useCreateAndOfferBookingMutation, useCreateBookingMutation, useGetPlacesQuery, useLazyCustomerByPhoneQuery, useLazyPickupSuggestionsQuery } from './dispatchApi';
import { PickupCombobox } from './PickupCombobox';
import { matchPickup, pickupOptions, type PickupOption, type PickupPoint } from './pickupOptions';

const LOOKUP_DELAY_MS = 250;
/** The server's suggestions are asked from this many characters, this long after the last key. */
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_DELAY_MS = 150;

interface Draft {
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

type Errors = Partial<Record<'phone' | 'name' | 'pickup' | 'passengers' | 'scheduledAt' | 'notes', string>>;

/** The local moment a scheduled booking is for ('' until both the day and the time are typed). */
const scheduledAt = (draft: Draft) => (draft.scheduledDay && draft.scheduledTime ? `${draft.scheduledDay}T${draft.scheduledTime}` : '');

const EMPTY: Draft = { phone: '', name: '', pickupText: '', pickup: null, pickupFromMap: false, destinationText: '', passengers: '1', notes: '', when: 'now', scheduledDay: '', scheduledTime: '', offer: true };

export interface MapPick {
  latitude: number;
  longitude: number;
  /** Increments with each click, so clicking the same point twice still counts. */
  seq: number;
}

/** A known customer's name, notes and last pickup fill what the dispatcher has not typed yet. */
function fillFromCustomer(current: Draft, customer: Customer): Draft {
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
function pickOnMap(current: Draft, pick: MapPick): Draft {
  const label = current.pickupText.trim();
  return { ...current, pickupFromMap: true, pickup: { label, latitude: pick.latitude, longitude: pick.longitude } };
}

function pickupHint(draft: Draft): string | undefined {
  if (draft.pickupFromMap) return draft.pickup?.label ? 'Punto marcado en el mapa' : 'Punto marcado en el mapa: escribe la dirección o una referencia';
  return draft.pickup ? undefined : 'Escribe y elige de la lista (↓ y Enter), o marca el punto en el mapa';
}

/** The server's per-field texts (400 {fields}) on the form's fields. */
function serverFieldErrors(failure: unknown): Errors {
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

/** Enter in the notes sends the booking too (Shift+Enter starts a new line). */
function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

export function BookingForm({ mapPick, onPickupChange, onCreated }: { mapPick: MapPick | null; onPickupChange(point: PickupPoint | null): void; onCreated(booking: Booking): void }) {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [lookup, { data: customer, isFetching: lookingUp, originalArgs: lookedUp }] = useLazyCustomerByPhoneQuery();
  const [suggest, { data: suggested, originalArgs: suggestedFor }] = useLazyPickupSuggestionsQuery();
  const { data: places } = useGetPlacesQuery();
  const [createBooking, { isLoading: creatingOnly }] = useCreateBookingMutation();
  const [createAndOffer, { isLoading: creatingAndOffering }] = useCreateAndOfferBookingMutation();
  const creating = creatingOnly || creatingAndOffering;
  const phoneRef = useRef<HTMLInputElement>(null);
  const destinationListId = useId();
  const whenName = useId();

  const phone = normalizeChileanPhone(draft.phone);
  const known = customer && phone && lookedUp === phone ? customer : null;
  // The server's answer only for what is typed now (an older answer would offer another street).
  const pickupQuery = draft.pickupFromMap ? '' : draft.pickupText.trim();
  const serverSuggestions = suggested && suggestedFor === pickupQuery ? suggested.suggestions : undefined;
  const options = useMemo(() => pickupOptions(known, places, serverSuggestions, pickupQuery), [known, places, serverSuggestions, pickupQuery]);

  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  // The caller's number, once complete: ask who it is; a known customer fills the blanks.
  useEffect(() => {
    if (!phone) return undefined;
    const timer = setTimeout(() => {
      lookup(phone, true)
        .unwrap()
        .then((found) => {
          if (found) setDraft((current) => fillFromCustomer(current, found));
        })
        .catch(() => undefined); // Unreachable: the dispatcher types the rest.
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phone, lookup]);

  // What is typed in Recogida: ask the server for places, used addresses and the geocoder's.
  useEffect(() => {
    if (pickupQuery.length < SUGGEST_MIN_CHARS) return undefined;
    const timer = setTimeout(() => void suggest(pickupQuery, true), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pickupQuery, suggest]);

  // A click on the map: that point is the pickup (applied while rendering, React's way to follow a prop).
  const [appliedPick, setAppliedPick] = useState(0);
  if (mapPick && mapPick.seq !== appliedPick) {
    setAppliedPick(mapPick.seq);
    setDraft((current) => pickOnMap(current, mapPick));
  }

  // Suggestions that arrive after the address was typed (the saved places still loading, the
  // caller's history, the geocoder) still match it: the dispatcher must not type it again.
  const lateMatch = !draft.pickup && !draft.pickupFromMap && draft.pickupText.trim() ? matchPickup(options, draft.pickupText) : null;
  if (lateMatch) setDraft((current) => (current.pickup || current.pickupText !== draft.pickupText ? current : { ...current, pickup: lateMatch }));

  useEffect(() => onPickupChange(draft.pickup), [draft.pickup, onPickupChange]);

  // The phone number is where a call starts.
  useEffect(() => phoneRef.current?.focus(), []);

  function typePickup(text: string) {
    setDraft((current) =>
      // Naming a point set on the map keeps its coordinates; other text must name a suggestion.
      current.pickupFromMap && current.pickup
        ? { ...current, pickupText: text, pickup: { ...current.pickup, label: text.trim() } }
        : { ...current, pickupText: text, pickup: matchPickup(options, text) },
    );
  }

  function choosePickup(option: PickupOption) {
    const point = { label: option.label, latitude: option.latitude, longitude: option.longitude };
    setDraft((current) => ({ ...current, pickupText: option.label, pickup: point, pickupFromMap: false }));
  }

  function validate(): Errors {
    const found: Errors = {};
    if (!phone) found.phone = draft.phone.trim() ? 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' : 'Ingresa el teléfono de quien llama';
    if (!draft.pickup) found.pickup = draft.pickupText.trim() ? 'Elige una dirección de la lista o marca el punto en el mapa' : 'Ingresa el lugar de recogida o haz clic en el mapa';
    else if (!draft.pickup.label) found.pickup = 'Escribe la dirección o una referencia del punto marcado';
    const passengers = Number(draft.passengers);
    if (!Number.isInteger(passengers) || passengers < 1 || passengers > 8) found.passengers = 'Entre 1 y 8 pasajeros';
    if (draft.when === 'later' && !(Date.parse(scheduledAt(draft)) > Date.now())) found.scheduledAt = 'Elige una hora futura';
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length || !draft.pickup || !phone) return;
    // A destination from the list travels as a point; any other text goes to the driver in the notes.
    const destination = matchPickup(options, draft.destinationText);
    const destinationNote = !destination && draft.destinationText.trim() ? `Destino: ${draft.destinationText.trim()}` : '';
    const notes = [draft.notes.trim(), destinationNote].filter(Boolean).join('\n');
    const request = {
      customer_phone: phone,
      customer_name: draft.name.trim() || null,
      pickup: draft.pickup,
      destination,
      passengers: Number(draft.passengers),
      notes: notes || null,
      scheduled_for: draft.when === 'later' ? new Date(scheduledAt(draft)).toISOString() : null,
    };
    try {
      // "Crear y ofrecer" is one request: the server creates the booking and offers it.
      const offering = draft.offer && draft.when === 'now';
      const { booking, offerRefused } = offering ? await createAndOffer(request).unwrap() : { booking: await createBooking(request).unwrap(), offerRefused: null };
      if (offerRefused) dispatch(noticeShown('error', `La reserva #${booking.id} quedó por asignar. ${offerRefused}`));
      dispatch(noticeShown('success', offering && !offerRefused ? `Reserva #${booking.id} creada y ofrecida al taxi libre más cercano` : `Reserva #${booking.id} creada`));
      setDraft(EMPTY);
      setErrors({});
      onCreated(booking);
      phoneRef.current?.focus();
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setServerError(apiErrorMessage(failure, 'No se pudo crear la reserva. Intenta nuevamente.'));
    }
  }

  const phoneHint = known ? `Cliente conocido: ${known.name ?? 'sin nombre'} · ${known.trips_count} ${known.trips_count === 1 ? 'viaje' : 'viajes'}` : lookingUp ? 'Buscando cliente...' : phone && lookedUp === phone ? 'Cliente nuevo' : undefined;

  return (
    <form className="flota-booking-form" aria-label="Nueva reserva" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="flota-booking-form__title">Nueva reserva</h2>
      <Field label="Teléfono" error={errors.phone} hint={phoneHint}>
        {(control) => <input {...control} ref={phoneRef} type="tel" inputMode="tel" autoComplete="off" placeholder="+56 9 1234 5678" value={draft.phone} onChange={(event) => update({ phone: event.target.value })} />}
      </Field>
      <Field label="Nombre" error={errors.name}>
        {(control) => <input {...control} type="text" autoComplete="off" value={draft.name} onChange={(event) => update({ name: event.target.value })} />}
      </Field>
      <Field label="Recogida" error={errors.pickup} hint={pickupHint(draft)}>
        {(control) => <PickupCombobox control={control} value={draft.pickupText} options={options} chosen={Boolean(draft.pickup)} onType={typePickup} onChoose={choosePickup} />}
      </Field>
      <Field label="Destino (opcional)">
        {(control) => <input {...control} type="text" list={destinationListId} autoComplete="off" value={draft.destinationText} onChange={(event) => update({ destinationText: event.target.value })} />}
      </Field>
      <datalist id={destinationListId}>
        {options.map((option) => (
          <option key={option.label} value={option.label} />
        ))}
      </datalist>
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
        <div className="flota-booking-form__when">
          <Field label="Fecha" error={errors.scheduledAt}>
            {(control) => <DateField {...control} value={draft.scheduledDay} onValueChange={(scheduledDay) => update({ scheduledDay })} />}
          </Field>
          <Field label="Hora">{(control) => <TimeField {...control} value={draft.scheduledTime} onValueChange={(scheduledTime) => update({ scheduledTime })} />}</Field>
        </div>
      )}
      <Field label="Notas" error={errors.notes}>
        {(control) => <textarea {...control} rows={2} value={draft.notes} onChange={(event) => update({ notes: event.target.value })} onKeyDown={submitOnEnter} />}
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
