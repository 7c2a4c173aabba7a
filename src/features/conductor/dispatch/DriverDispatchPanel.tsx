/**
 * The dispatch part of /conductor while a shift runs: availability, then an offer (with sound and
 * vibration when it arrives) or the trip in progress. Everything shown comes from the store: the
 * driver API's cached state, patched by the driver's socket, read again every POLL_MS as a safety
 * net (a locked phone or a dropped connection misses events, and socket.io does not replay them).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { isNetworkError } from '../../../lib/apiError';
import { selectConductor } from '../state/conductorSlice';
import { useAcceptOfferMutation, useDeclineOfferMutation, useGetDriverDispatchQuery, useSetAvailabilityMutation, useTripActionMutation, type DriverActionError, type TripAction } from '../state/driverApi';
import { timedDispatch } from '../state/driverDispatchState';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { OfferCard } from './OfferCard';
import { alertOffer, primeOfferSound } from './offerAlert';
import { TripCard } from './TripCard';

const POLL_MS = 15_000;
/** After an offer's countdown ends, the server has passed it on: read the state again shortly. */
const AFTER_EXPIRY_MS = 1500;

export function DriverDispatchPanel({ driverId }: { driverId: number }) {
  const reading = useGetDriverDispatchQuery(driverId, { pollingInterval: POLL_MS, refetchOnMountOrArgChange: true });
  const { refetch } = reading;
  const state = useMemo(() => (reading.data ? timedDispatch(reading.data) : null), [reading.data]);
  const { tripNotice, dispatchError } = useAppSelector(selectConductor);
  // The last re-read found no connection: what is shown may be behind (said quietly: the page already alerts).
  const offline = reading.isError && isNetworkError(reading.error);
  const [setAvailability, availability] = useSetAvailabilityMutation();
  const [accept, accepting] = useAcceptOfferMutation();
  const [decline, declining] = useDeclineOfferMutation();
  const [tripAction, stepping] = useTripActionMutation();
  const busy = availability.isLoading || accepting.isLoading || declining.isLoading || stepping.isLoading;
  /** An action the server asked to send again later (429, DRIVER_ACTIONS_PER_MINUTE): at most one waits. */
  const held = useRef<ReturnType<typeof setTimeout> | null>(null);
  const forgetHeld = () => {
    if (held.current) clearTimeout(held.current);
    held.current = null;
  };
  useEffect(() => forgetHeld, []);
  const run = (send: () => { unwrap(): Promise<unknown> }) => {
    // A new press replaces an action still waiting to be sent again.
    forgetHeld();
    void send()
      .unwrap()
      .catch((failure: DriverActionError) => {
        // Too many changes in a minute: the phone keeps the step and sends it again when the server says.
        if (failure?.status === 429 && failure.retryAfterS) held.current = setTimeout(() => run(send), failure.retryAfterS * 1000);
        // A refusal (409: the offer expired, the trip was cancelled) means this phone was behind: read again.
        else void refetch();
      });
  };
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
    setTimeout(() => void refetch(), AFTER_EXPIRY_MS);
  }, [refetch]);

  return (
    // Any tap in the panel unlocks the sound for the next offer (browsers need a gesture first).
    <div className="flota-driver-dispatch" onPointerDown={primeOfferSound}>
      {!state && !dispatchError && !offline && <p className="flota-conductor__status">Cargando tus viajes...</p>}
      {offline && <p className="flota-conductor__hint">Sin señal: tus viajes se actualizan al volver la conexión.</p>}
      {state?.availability && <AvailabilitySwitch availability={state.availability} busy={busy} onChange={(next) => run(() => setAvailability({ driverId, availability: next }))} />}
      {tripNotice && (
        <p className="flota-driver-dispatch__notice" role="alert">
          {tripNotice}
        </p>
      )}
      {trip ? (
        <TripCard
          trip={trip}
          busy={busy}
          faresEnabled={state?.fares_enabled ?? false}
          onAction={(action: TripAction, farePesos?: number | null) => run(() => tripAction({ driverId, bookingId: trip.id, action, farePesos: farePesos ?? null }))}
        />
      ) : offer ? (
        <OfferCard
          key={offer.booking.id}
          offer={offer}
          busy={busy}
          onAccept={() => run(() => accept({ driverId, bookingId: offer.booking.id }))}
          onDecline={() => run(() => decline({ driverId, bookingId: offer.booking.id }))}
          onExpired={expired}
        />
      ) : (
        state?.availability === 'libre' && <p className="flota-conductor__hint">Esperando viajes. Mantén esta página abierta y la pantalla encendida: las ofertas llegan aquí con sonido y vibración.</p>
      )}
      {dispatchError && (
        <p className="flota-form-error" role="alert">
          {dispatchError}
        </p>
      )}
    </div>
  );
}
