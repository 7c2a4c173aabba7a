/**
 * The driver's dispatch state (availability, the offer, the trip), always as the server has it:
 * read from GET /driver/dispatch when the page opens, taken from every action's answer and every
 * socket event for this driver, and read again on every re-connect and every POLL_MS as a safety
 * net (a locked phone or a dropped connection misses events, and socket.io does not replay them).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DriverDispatchResponse, DriverOffer, DriverTrip } from '../../../../contract/api';
import { offerPayloadSchema, SocketEvent, tripChangedPayloadSchema } from '../../../../contract/socket';
import { reconnectingSocketOptions, useSocketFactory } from '../../../lib/realtime/socketFactory';
import { DriverApiError, type DriverApiClient } from '../driverApiClient';

const POLL_MS = 15_000;

/** The offer with its deadline on this phone's clock (a phone whose clock is off still counts the right seconds). */
export interface TimedOffer extends DriverOffer {
  deadline: number;
}

/** The trip with when No se presentó opens on this phone's clock (null: not in this state). */
export interface TimedTrip extends DriverTrip {
  noShowAt: number | null;
}

export interface DriverDispatchState extends Omit<DriverDispatchResponse, 'offer' | 'trip'> {
  offer: TimedOffer | null;
  trip: TimedTrip | null;
}

function timed(response: DriverDispatchResponse, receivedAt: number): DriverDispatchState {
  const { offer, trip } = response;
  return {
    ...response,
    offer: offer ? { ...offer, deadline: receivedAt + Date.parse(offer.expires_at) - Date.parse(offer.server_time) } : null,
    trip: trip ? { ...trip, noShowAt: trip.no_show_in_s === null ? null : receivedAt + trip.no_show_in_s * 1000 } : null,
  };
}

export interface DriverDispatch {
  state: DriverDispatchState | null;
  error: string | null;
  /** Something the driver must know that is not on a card any more (the desk cancelled the trip). */
  notice: string | null;
  /** The last re-read found no connection: what is shown may be behind (said quietly: the page already alerts). */
  offline: boolean;
  busy: boolean;
  /** Runs one of the driver's actions; its answer is the new state. */
  run(action: () => Promise<DriverDispatchResponse>): Promise<void>;
  refresh(): void;
}

export function useDriverDispatch({ client, token, socketUrl, socketPath, onUnauthorized }: { client: DriverApiClient; token: string; socketUrl: string; socketPath: string; onUnauthorized(): void }): DriverDispatch {
  const createSocket = useSocketFactory();
  const [state, setState] = useState<DriverDispatchState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);
  /** Bumped by every new state: an answer to an older request must not undo a newer state. */
  const version = useRef(0);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  }, [onUnauthorized]);

  const accept = useCallback((response: DriverDispatchResponse) => {
    version.current += 1;
    setState(timed(response, Date.now()));
    setError(null);
    setOffline(false);
  }, []);

  const fail = useCallback((failure: unknown, fallback: string) => {
    if (failure instanceof DriverApiError && failure.status === 401) return unauthorized.current();
    setError(failure instanceof DriverApiError ? failure.message : fallback);
  }, []);

  const refresh = useCallback(() => {
    const asked = version.current;
    client.dispatchState().then(
      (response) => {
        if (asked === version.current) accept(response);
      },
      (failure: unknown) => {
        // No connection: the shift panel already alerts "Sin conexión"; a second alert would repeat it.
        if (failure instanceof DriverApiError && failure.status === 0) setOffline(true);
        else fail(failure, 'No se pudo cargar tu viaje.');
      },
    );
  }, [client, accept, fail]);

  useEffect(() => {
    const first = setTimeout(refresh, 0);
    const timer = setInterval(refresh, POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [refresh]);

  // The driver's own socket (driver token at the handshake): only this driver's offer and trip. Not
  // the desk's connection (src/lib/realtime/realtimeMiddleware.ts): another token, and no store here.
  useEffect(() => {
    if (!createSocket) return undefined;
    const socket = createSocket(socketUrl || window.location.origin, reconnectingSocketOptions(socketPath, { token }));
    socket.on('connect', refresh);
    // The server lost events between its processes (its database was away): read the offer and trip again.
    socket.on(SocketEvent.resync, refresh);
    socket.on(SocketEvent.offer, (payload: unknown) => {
      const parsed = offerPayloadSchema.safeParse(payload);
      if (!parsed.success) return refresh();
      const receivedAt = Date.now();
      version.current += 1;
      setState((current) => (current ? { ...current, offer: timed({ ...current, offer: parsed.data.offer }, receivedAt).offer } : current));
      if (parsed.data.offer) setNotice(null);
      refresh();
    });
    socket.on(SocketEvent.tripChanged, (payload: unknown) => {
      const parsed = tripChangedPayloadSchema.safeParse(payload);
      if (parsed.success && parsed.data.trip.status === 'cancelado') {
        setNotice(`La central canceló el viaje${parsed.data.trip.cancel_reason ? `: ${parsed.data.trip.cancel_reason}` : ''}.`);
      }
      refresh();
    });
    socket.connect();
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [createSocket, socketUrl, socketPath, token, refresh]);

  /** An action the server asked to send again later (429, DRIVER_ACTIONS_PER_MINUTE): at most one waits. */
  const held = useRef<ReturnType<typeof setTimeout> | null>(null);
  const forgetHeld = useCallback(() => {
    if (held.current) clearTimeout(held.current);
    held.current = null;
  }, []);
  useEffect(() => forgetHeld, [forgetHeld]);

  const run = useCallback(
    async function send(action: () => Promise<DriverDispatchResponse>): Promise<void> {
      // A new press replaces an action still waiting to be sent again.
      forgetHeld();
      setBusy(true);
      setNotice(null);
      try {
        accept(await action());
      } catch (failure) {
        fail(failure, 'Algo falló. Intenta nuevamente.');
        // Too many changes in a minute: the phone keeps the action and sends it again when the server says.
        if (failure instanceof DriverApiError && failure.status === 429 && failure.retryAfterS !== null) {
          held.current = setTimeout(() => void send(action), failure.retryAfterS * 1000);
        } else {
          // A refusal (409: the offer expired, the trip was cancelled) means this phone was behind.
          refresh();
        }
      } finally {
        setBusy(false);
      }
    },
    [accept, fail, refresh, forgetHeld],
  );

  return { state, error, notice, offline, busy, run, refresh };
}
