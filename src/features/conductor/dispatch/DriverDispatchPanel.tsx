/**
 * The dispatch part of /conductor while a shift runs: availability, then an offer (with sound and
 * vibration when it arrives) or the trip in progress. Everything shown comes from the server.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { DriverApiClient } from '../driverApiClient';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { OfferCard } from './OfferCard';
import { alertOffer, primeOfferSound } from './offerAlert';
import { TripCard } from './TripCard';
import { useDriverDispatch } from './useDriverDispatch';

/** After an offer's countdown ends, the server has passed it on: read the state again shortly. */
const AFTER_EXPIRY_MS = 1500;

export function DriverDispatchPanel({ client, token, onUnauthorized }: { client: DriverApiClient; token: string; onUnauthorized(): void }) {
  const { socketUrl, socketPath } = useAppSelector((state) => state.config);
  const { state, error, notice, offline, busy, run, refresh } = useDriverDispatch({ client, token, socketUrl, socketPath, onUnauthorized });
  const offer = state?.offer ?? null;
  const trip = state?.trip ?? null;

  // A new offer: the phone rings and buzzes once (not again on every re-read of the same offer).
  const alerted = useRef<number | null>(null);
  useEffect(() => {
    if (offer && alerted.current !== offer.booking.id) {
      alerted.current = offer.booking.id;
      alertOffer();
    }
  }, [offer]);

  const expired = useCallback(() => {
    setTimeout(refresh, AFTER_EXPIRY_MS);
  }, [refresh]);

  return (
    // Any tap in the panel unlocks the sound for the next offer (browsers need a gesture first).
    <div className="flota-driver-dispatch" onPointerDown={primeOfferSound}>
      {!state && !error && !offline && <p className="flota-conductor__status">Cargando tus viajes...</p>}
      {offline && <p className="flota-conductor__hint">Sin señal: tus viajes se actualizan al volver la conexión.</p>}
      {state?.availability && <AvailabilitySwitch availability={state.availability} busy={busy} onChange={(next) => void run(() => client.setAvailability(next))} />}
      {notice && (
        <p className="flota-driver-dispatch__notice" role="alert">
          {notice}
        </p>
      )}
      {trip ? (
        <TripCard trip={trip} busy={busy} faresEnabled={state?.fares_enabled ?? false} onAction={(action, farePesos) => void run(() => client.tripAction(trip.id, action, farePesos ?? null))} />
      ) : offer ? (
        <OfferCard
          key={offer.booking.id}
          offer={offer}
          busy={busy}
          onAccept={() => void run(() => client.acceptOffer(offer.booking.id))}
          onDecline={() => void run(() => client.declineOffer(offer.booking.id))}
          onExpired={expired}
        />
      ) : (
        state?.availability === 'libre' && <p className="flota-conductor__hint">Esperando viajes. Mantén esta página abierta y la pantalla encendida: las ofertas llegan aquí con sonido y vibración.</p>
      )}
      {error && (
        <p className="flota-form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
