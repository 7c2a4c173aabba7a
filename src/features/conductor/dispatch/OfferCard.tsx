import { useEffect } from 'react';
import type { DriverOffer } from './driverDispatchTypes';
import { distanceText, etaText } from './tripFormat';
import { useCountdown } from './useCountdown';

/**
 * A trip offered to this driver: where, how far, the passenger's notes and the seconds left. The
 * server decides expiry from its stored time; at 0 the card says so and waits for the next state.
 */
export function OfferCard({ offer, busy, onAccept, onDecline, onExpired }: { offer: DriverOffer; busy: boolean; onAccept(): void; onDecline(): void; onExpired(): void }) {
  const seconds = useCountdown(offer.expires_at);
  const total = Math.max(1, offer.timeout_seconds ?? 20);
  const expired = seconds === 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const facts = [distanceText(offer.distance_meters), etaText(offer.eta_seconds) && `a ${etaText(offer.eta_seconds)}`].filter(Boolean).join(' · ');
  return (
    <section className="flota-offer" aria-label="Nuevo viaje ofrecido" role="alertdialog" aria-describedby={`flota-offer-${offer.id}`}>
      <p className="flota-offer__eyebrow">Nuevo viaje</p>
      <h2 className="flota-offer__pickup" id={`flota-offer-${offer.id}`}>
        {offer.pickup_address}
      </h2>
      {facts && <p className="flota-offer__facts">{facts}</p>}
      {offer.passengers > 1 && <p className="flota-offer__facts">{offer.passengers} pasajeros</p>}
      {offer.notes && <p className="flota-offer__notes">{offer.notes}</p>}
      <div className="flota-offer__timer" aria-live="off">
        <div className="flota-offer__bar" style={{ width: `${Math.min(100, (seconds / total) * 100)}%` }} />
      </div>
      <p className="flota-offer__countdown" role="timer">
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
