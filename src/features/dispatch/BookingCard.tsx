import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatClockTime } from '../../lib/clockTime';
import { formatPhoneCL } from '../../lib/format';
import { statusLabels } from './bookingBoard';
import { offerTallyText } from '../../../contract/offerTally';
import { bookingOriginLabels, type Booking } from '../../../contract/api';

/** A booking the passenger asked for on the fleet's "Pedir un taxi" page: read aloud as "origen web". */
export function OriginWeb() {
  return (
    <span className="flota-booking-card__origin" title="Pedido por el pasajero en la página web">
      <VisuallyHidden>origen </VisuallyHidden>
      {bookingOriginLabels.web}
    </span>
  );
}

/** One booking on the board: a button that selects it (its candidates and actions open beside the map). */
export function BookingCard({ booking, selected, onSelect }: { booking: Booking; selected: boolean; onSelect(booking: Booking): void }) {
  const when = booking.scheduled_for ?? booking.created_at;
  return (
    <li>
      <button
        type="button"
        className={`flota-booking-card flota-booking-card--${booking.status}${booking.needs_attention ? ' flota-booking-card--attention' : ''}`}
        aria-pressed={selected}
        onClick={() => onSelect(booking)}
      >
        <span className="flota-booking-card__line">
          <span className="flota-booking-card__id">#{booking.id}</span>
          <span className="flota-booking-card__status">{statusLabels[booking.status]}</span>
          {booking.origin === 'web' && <OriginWeb />}
          <span className="flota-booking-card__time">{formatClockTime(when)}</span>
        </span>
        <span className="flota-booking-card__pickup">{booking.pickup.label || 'Punto en el mapa'}</span>
        <span className="flota-booking-card__line flota-booking-card__detail">
          {booking.customer_name ?? formatPhoneCL(booking.customer_phone)}
          {booking.plate_number && ` · ${booking.plate_number}`}
          {booking.driver_name && ` · ${booking.driver_name}`}
          {booking.offer && ` · ofrecida a ${booking.offer.driver_name}`}
          {booking.status === 'ofrecido' && booking.refusals > 0 && ` · ${offerTallyText(booking)}`}
        </span>
        {booking.needs_attention && <span className="flota-booking-card__attention">{booking.refusals ? `Nadie aceptó (${offerTallyText(booking)}): asignar a mano` : 'Sin taxi libre: asignar a mano'}</span>}
        {booking.cancel_reason && <span className="flota-booking-card__detail">Motivo: {booking.cancel_reason}</span>}
      </button>
    </li>
  );
}
