import type { Booking } from '../../../contract/api';
import { offerTallyText } from '../../../contract/offerTally';
import { useNow } from '../../hooks/useNow';

/**
 * "Ofrecida a Pedro Rojas · 14 s": the desk sees the offer's countdown like the driver does, and
 * never has to wait it out: "Pasar al siguiente" gives the offer to the next taxi at once.
 */
export function OfferStatus({ booking, busy, onPass }: { booking: Booking; busy: boolean; onPass(): void }) {
  const now = useNow(1000);
  if (!booking.offer) return null;
  const seconds = Math.max(0, Math.ceil((Date.parse(booking.offer.expires_at) - now) / 1000));
  const tally = offerTallyText(booking);
  return (
    <div className="flota-booking-detail__offer">
      <p className="flota-candidates__note" role="status">
        Ofrecida a {booking.offer.driver_name}
        {booking.offer.plate_number && ` (${booking.offer.plate_number})`}: esperando respuesta · {seconds} s{tally && ` · antes: ${tally}`}
      </p>
      <div className="flota-booking-detail__actions">
        <button type="button" className="flota-button flota-button--primary" disabled={busy} onClick={onPass}>
          Pasar al siguiente
        </button>
      </div>
    </div>
  );
}
