/**
 * The dispatch part of /conductor while a shift runs: availability, then an offer (with sound and
 * vibration when it arrives) or the trip in progress. Everything shown comes from the server.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { DriverApiClient } from '../driverApiClient';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { OfferCard } from './OfferCard';
import { alertOffer, primeOfferSound } from './offerAlert';
import { TripCard } from './TripCard';
import { useDriverDispatch } from './useDriverDispatch';

export function DriverDispatchPanel({ client, token, onUnauthorized }: { client: DriverApiClient; token: string; onUnauthorized(): void }) {
  const { socketUrl, socketPath } = useAppSelector((state) => state.config);
  const { state, error, busy, run, refresh } = useDriverDispatch({ client, token, socketUrl, socketPath, active: true, onUnauthorized });
  const offer = state?.offer ?? null;
  const trip = state?.trip ?? null;

  // A new offer: the phone rings and buzzes once (not again on every re-read of the same offer).
  const alerted = useRef<number | null>(null);
  useEffect(() => {
    if (offer && alerted.current !== offer.id) {
      alerted.current = offer.id;
      alertOffer();
    }
  }, [offer]);

  // At 0 the server has passed the offer on (or is about to): read the state again shortly.
  const expired = useCallback(() => {
    setTimeout(refresh, 1000);
  }, [refresh]);

  const availabilityBusy = busy || !state;
  const view = useMemo(() => {
    if (trip) return <TripCard trip={trip} busy={busy} onAction={(action) => void run(() => client.tripAction(trip.id, action))} />;
    if (offer)
      return (
        <OfferCard
          key={offer.id}
          offer={offer}
          busy={busy}
          onAccept={() => void run(() => client.acceptOffer(offer.id))}
          onDecline={() => void run(() => client.declineOffer(offer.id))}
          onExpired={expired}
        />
      );
    return null;
  }, [trip, offer, busy, run, client, expired]);

  return (
    // Any tap in the panel unlocks the sound for the next offer (browsers need a gesture first).
    <div className="flota-driver-dispatch" onPointerDown={primeOfferSound}>
      {state ? (
        <AvailabilitySwitch availability={state.availability} busy={availabilityBusy} onChange={(next) => void run(() => client.setAvailability(next))} />
      ) : (
        !error && <p className="flota-conductor__status">Cargando tus viajes...</p>
      )}
      {view}
      {state && !trip && !offer && state.availability === 'libre' && <p className="flota-conductor__hint">Esperando viajes. Mantén esta página abierta: las ofertas llegan aquí con sonido y vibración.</p>}
      {error && (
        <p className="flota-form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
