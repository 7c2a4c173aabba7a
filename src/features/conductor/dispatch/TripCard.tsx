import type { DriverTrip } from '../../../../contract/api';
import { MAX_FARE_PESOS } from '../../../../contract/fares';
import { parsePesos } from '../../../../contract/money';
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../../components/form/Field';
import { formatPhoneCL } from '../../../lib/format';
import { telHref } from '../../../components/PhoneLink';
import type { TripAction } from '../state/driverApi';
import { ConfirmQuestion, ConfirmStep } from '../ConfirmStep';
import { navigationLinks } from './navigationLinks';
import { useCountdown } from '../../../hooks/useCountdown';
import type { TimedTrip } from '../state/driverDispatchState';

const STATUS_TEXT: Partial<Record<DriverTrip['status'], string>> = {
  asignado: 'Viaje asignado: ve a buscar al pasajero',
  en_camino: 'En camino al pasajero',
  en_el_lugar: 'En el lugar: esperando al pasajero',
  a_bordo: 'Pasajero a bordo',
};

/** The next steps the driver can take in each state (the server refuses any other). */
const ACTIONS: Partial<Record<DriverTrip['status'], { action: TripAction; label: string; tone: 'primary' | 'secondary' | 'danger' }[]>> = {
  asignado: [{ action: 'arrived', label: 'Llegué', tone: 'primary' }],
  en_camino: [{ action: 'arrived', label: 'Llegué', tone: 'primary' }],
  en_el_lugar: [
    { action: 'onboard', label: 'Pasajero a bordo', tone: 'primary' },
    { action: 'no-show', label: 'No se presentó', tone: 'danger' },
  ],
  a_bordo: [{ action: 'finish', label: 'Finalizar', tone: 'primary' }],
};

/** m:ss, as the offer's countdown reads. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** No se presentó: closed (with its countdown) until the passenger's wait is over, then asked twice. */
function NoShowAction({ trip, busy, onConfirm }: { trip: TimedTrip; busy: boolean; onConfirm(): void }) {
  const left = useCountdown(trip.noShowAt);
  if (left > 0) {
    return (
      <button type="button" className="flota-button flota-button--secondary flota-conductor__action" disabled>
        No se presentó · {clock(left)}
      </button>
    );
  }
  return <ConfirmStep label="No se presentó" question="¿El pasajero no se presentó? El viaje termina y quedas libre." confirmLabel="Sí, no se presentó" tone="danger" disabled={busy} onConfirm={onConfirm} />;
}

const FARE_HINT = 'Si lo dejas vacío, Flota estima la tarifa con la distancia y el tiempo del viaje.';
const FARE_INVALID = 'Escribe el monto en pesos enteros, sin decimales (por ejemplo 4.500).';

/** Asked once when Finalizar is pressed with the field empty (issue 46): one tap does not end a trip without its fare. */
export const NO_FARE_QUESTION = '¿Terminar sin monto? Flota estimará la tarifa';

/**
 * Finalizar when the fleet records fares: the taxímetro's amount, optional. Left empty, the phone
 * asks once whether to finish without it; then the server estimates the fare from the trip's trail
 * and marks it as an estimate.
 */
function FinishWithFare({ busy, onFinish }: { busy: boolean; onFinish(farePesos: number | null): void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [askingNoFare, setAskingNoFare] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Focus follows the question, so a keyboard or a screen reader is never left behind.
  useEffect(() => {
    if (askingNoFare) confirmRef.current?.focus();
  }, [askingNoFare]);
  const finish = () => {
    if (typed.trim() === '') return setAskingNoFare(true);
    const pesos = parsePesos(typed);
    if (pesos === null || pesos > MAX_FARE_PESOS) return setError(FARE_INVALID);
    setError(undefined);
    onFinish(pesos);
  };
  return (
    <form
      className="flota-trip__fare"
      aria-label="Finalizar el viaje"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        finish();
      }}
    >
      <Field label="Monto del taxímetro (opcional)" hint={FARE_HINT} error={error}>
        {(control) => (
          <input
            {...control}
            ref={amountRef}
            name="fare_pesos"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
              setAskingNoFare(false);
            }}
          />
        )}
      </Field>
      {askingNoFare ? (
        <ConfirmQuestion
          question={NO_FARE_QUESTION}
          confirmLabel="Terminar sin monto"
          cancelLabel="Escribir el monto"
          tone="primary"
          disabled={busy}
          confirmRef={confirmRef}
          onConfirm={() => {
            setAskingNoFare(false);
            onFinish(null);
          }}
          onCancel={() => {
            setAskingNoFare(false);
            amountRef.current?.focus();
          }}
        />
      ) : (
        <button type="submit" className="flota-button flota-button--primary flota-conductor__action" disabled={busy}>
          Finalizar
        </button>
      )}
    </form>
  );
}

/** The trip in progress: where to go (with navigation links), who, and the one next step. */
export function TripCard({
  trip,
  busy,
  faresEnabled = false,
  onAction,
}: {
  trip: TimedTrip;
  busy: boolean;
  /** The fleet records fares: Finalizar asks for the taxímetro's amount. */
  faresEnabled?: boolean;
  onAction(action: TripAction, farePesos?: number | null): void;
}) {
  // On board, navigation leads to the destination (when the desk wrote one); before, to the pickup.
  const target = trip.status === 'a_bordo' && trip.destination ? trip.destination : trip.pickup;
  const toDestination = target !== trip.pickup;
  return (
    <section className="flota-trip" aria-label="Tu viaje">
      <p className="flota-trip__status" role="status">
        {STATUS_TEXT[trip.status] ?? ''}
      </p>
      <dl className="flota-conductor__facts flota-trip__facts">
        <dt>Recoger en</dt>
        <dd>{trip.pickup.label || 'Punto en el mapa'}</dd>
        {trip.destination && (
          <>
            <dt>Destino</dt>
            <dd>{trip.destination.label || 'Punto en el mapa'}</dd>
          </>
        )}
        {trip.customer_name && (
          <>
            <dt>Pasajero</dt>
            <dd>{trip.customer_name}</dd>
          </>
        )}
        {trip.customer_phone && (
          <>
            <dt>Teléfono</dt>
            <dd>
              <a href={telHref(trip.customer_phone)}>{formatPhoneCL(trip.customer_phone)}</a>
            </dd>
          </>
        )}
        {trip.passengers > 1 && (
          <>
            <dt>Pasajeros</dt>
            <dd>{trip.passengers}</dd>
          </>
        )}
      </dl>
      {trip.notes && <p className="flota-offer__notes">{trip.notes}</p>}
      <nav className="flota-trip__navigation" aria-label={`Navegar a ${toDestination ? 'destino' : 'recogida'}`}>
        {navigationLinks(target.latitude, target.longitude, target.label).map((link) => (
          <a key={link.label} className="flota-button flota-button--secondary" href={link.href} target={link.href.startsWith('geo:') ? undefined : '_blank'} rel="noreferrer">
            {link.label}
          </a>
        ))}
      </nav>
      {(ACTIONS[trip.status] ?? []).map(({ action, label, tone }) =>
        action === 'finish' && faresEnabled ? (
          <FinishWithFare key={action} busy={busy} onFinish={(farePesos) => onAction(action, farePesos)} />
        ) : action === 'no-show' ? (
          <NoShowAction key={action} trip={trip} busy={busy} onConfirm={() => onAction(action)} />
        ) : (
          <button key={action} type="button" className={`flota-button flota-button--${tone} flota-conductor__action`} disabled={busy} onClick={() => onAction(action)}>
            {label}
          </button>
        ),
      )}
    </section>
  );
}
