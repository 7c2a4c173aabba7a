import type { Booking } from '../../../contract/api';
import { useNow } from './useNow';

/** "Ofrecida a Pedro Rojas · 14 s": the desk sees the offer's countdown like the driver does. */
export function OfferStatus({ booking }: { booking: Booking }) {
  const now = useNow(1000);
  if (!booking.offer) return null;
  const seconds = Math.max(0, Math.ceil((Date.parse(booking.offer.expires_at) - now) / 1000));
  return (
    <p className="flota-candidates__note" role="status">
      Ofrecida a {booking.offer.driver_name}
      {booking.offer.plate_number && ` (${booking.offer.plate_number})`}: esperando respuesta · {seconds} s
      {booking.refusals > 0 && ` · ${booking.refusals} ${booking.refusals === 1 ? 'rechazo' : 'rechazos'}`}
    </p>
  );
}
