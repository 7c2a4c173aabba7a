/** The booking form's Pasajeros and Cuándo: Ahora, or Programar with its day and time. */
import { useId } from 'react';
import { DateField } from '../../components/form/DateField';
import { Field } from '../../components/form/Field';
import { TimeField } from '../../components/form/TimeField';
import type { Draft, Errors } from './bookingDraft';

export function BookingWhenFields({ draft, errors, update }: { draft: Draft; errors: Errors; update(changes: Partial<Draft>): void }) {
  const whenName = useId();
  return (
    <>
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
    </>
  );
}
