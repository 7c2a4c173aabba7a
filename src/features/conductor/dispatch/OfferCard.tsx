import { useEffect, useId, useState } from 'react';
import { distanceText, etaText } from './tripFormat';
import { useCountdown } from '../../../hooks/useCountdown';
import type { TimedOffer } from '../state/driverDispatchState';

/**
 * A trip offered to this driver: where, how far, the passenger's notes and the seconds left. The
 * server decides expiry from its stored time; at 0 the card says so and waits for the next state.
 */
export function OfferCard({ offer, busy, onAccept, onDecline, onExpired }: { offer: TimedOffer; busy: boolean; onAccept(): void; onDecline(): void; onExpired(): void }) {
  const seconds = useCountdown(offer.deadline);
  // The bar's full width is the time there was when the offer arrived.
  const [total] = useState(() => Math.max(1, Math.ceil((offer.deadline - Date.now()) / 1000)));
  const expired = seconds === 0;
  const pickupId = useId();
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const { booking } = offer;
  return (
    <section className="flota-offer" role="alertdialog" aria-label="Nuevo viaje ofrecido" aria-describedby={pickupId}>
      <p className="flota-offer__eyebrow">Nuevo viaje</p>
      <h2 className="flota-offer__pickup" id={pickupId}>
        {booking.pickup.label || 'Punto en el mapa'}
      </h2>
      <p className="flota-offer__facts">
        {distanceText(offer.distance_m)} · a {etaText(offer.eta_s)}
      </p>
      {booking.destination && <p className="flota-offer__facts">Destino: {booking.destination.label || 'Punto en el mapa'}</p>}
      {booking.passengers > 1 && <p className="flota-offer__facts">{booking.passengers} pasajeros</p>}
      {booking.notes && <p className="flota-offer__notes">{booking.notes}</p>}
      <div className="flota-offer__timer" aria-hidden="true">
        <div className="flota-offer__bar" style={{ width: `${Math.min(100, (seconds / total) * 100)}%` }} />
      </div>
      <p className="flota-offer__countdown" role="timer" aria-live="off">
        {expired ? 'La oferta expiró' : `${seconds} s para responder`}
      </p>
      <div className="flota-offer__actions">
        <button type="button" className="flota-button flota-button--secondary flota-conductor__action" onClick={onDecline} disabled={busy || expired}>
          Rechazar
        </button>
        <button type="button" className="flota-button flota-button--primary flota-conductor__action flota-offer__accept" onClick={onAccept} disabled={busy || expired}>
          Aceptar
        </button>
      </div>
    </section>
  );
}
