/**
 * The booking form a dispatcher fills while on the phone, keyboard first: Teléfono (a known number
 * fills the name, notes and the last pickup), Recogida (one list, driven with ↓↑ and Enter: the
 * caller's recent pickups, the fleet's places, every address it used and, when configured, the
 * geocoder's; or a point set on the map, by click or with the arrows and Enter, named by what was typed),
 * Destino, Pasajeros, Notas, Ahora or a time, and Enter creates the booking and offers it to the
 * nearest free taxi (unless unticked).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Booking } from '../../../contract/api';
import { Field } from '../../components/form/Field';
import { apiErrorMessage } from '../../lib/apiError';
import { bookingRequest, EMPTY_DRAFT, pickupHint, serverFieldErrors, validateDraft, type Draft, type Errors, type MapPick } from './bookingDraft';
import { BookingWhenFields } from './BookingWhenFields';
import { PickupCombobox } from './PickupCombobox';
import type { PickupPoint } from './pickupOptions';
import { useBookingLookups } from './useBookingLookups';
import { usePickupDraft } from './usePickupDraft';
import { useCreateBooking } from './useCreateBooking';

export type { MapPick } from './bookingDraft';

/** Enter in the notes sends the booking too (Shift+Enter starts a new line). */
function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

export function BookingForm({ mapPick, onPickupChange, onCreated }: { mapPick: MapPick | null; onPickupChange(point: PickupPoint | null): void; onCreated(booking: Booking): void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { phone, options, phoneHint } = useBookingLookups(draft, setDraft);
  const { create, creating } = useCreateBooking();
  const phoneRef = useRef<HTMLInputElement>(null);
  const destinationListId = useId();

  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const { typePickup, choosePickup } = usePickupDraft({ draft, setDraft, options, mapPick, onPickupChange });

  // The phone number is where a call starts.
  useEffect(() => phoneRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateDraft(draft, phone);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length || !draft.pickup || !phone) return;
    const request = bookingRequest(draft, draft.pickup, phone, options);
    try {
      const booking = await create(request, draft.offer && draft.when === 'now');
      setDraft(EMPTY_DRAFT);
      setErrors({});
      onCreated(booking);
      phoneRef.current?.focus();
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
      setServerError(apiErrorMessage(failure, 'No se pudo crear la reserva. Intenta nuevamente.'));
    }
  }

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
      <BookingWhenFields draft={draft} errors={errors} update={update} />
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
