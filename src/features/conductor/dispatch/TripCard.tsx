import type { DriverTrip } from '../../../../contract/api';
import { formatPhoneCL } from '../../../lib/format';
import { telHref } from '../../../components/PhoneLink';
import type { TripAction } from '../driverApiClient';
import { navigationLinks } from './navigationLinks';

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

/** The trip in progress: where to go (with navigation links), who, and the one next step. */
export function TripCard({ trip, busy, onAction }: { trip: DriverTrip; busy: boolean; onAction(action: TripAction): void }) {
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
      {(ACTIONS[trip.status] ?? []).map(({ action, label, tone }) => (
        <button key={action} type="button" className={`flota-button flota-button--${tone} flota-conductor__action`} disabled={busy} onClick={() => onAction(action)}>
          {label}
        </button>
      ))}
    </section>
  );
}
