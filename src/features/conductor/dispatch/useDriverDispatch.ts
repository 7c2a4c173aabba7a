/**
 * The driver's dispatch state (availability, the offer, the trip), always as the server has it:
 * read from GET /driver/dispatch when the page opens, on every socket event for this driver, after
 * each of the driver's own actions, on every re-connect and every POLL_MS as a safety net (a
 * locked phone or a dropped connection misses events, and socket.io does not replay them).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketFactory } from '../../../lib/realtime/socketFactory';
import { DriverApiError, type DriverApiClient } from '../driverApiClient';
import type { DriverDispatchState } from './driverDispatchTypes';
import { DRIVER_EVENTS } from './driverDispatchTypes';

const POLL_MS = 15_000;

export interface DriverDispatch {
  state: DriverDispatchState | null;
  error: string | null;
  busy: boolean;
  /** Runs one of the driver's actions, then reads the state again (the server's answer wins). */
  run(action: () => Promise<unknown>): Promise<void>;
  refresh(): void;
}

export function useDriverDispatch({ client, token, socketUrl, socketPath, active, onUnauthorized }: { client: DriverApiClient; token: string; socketUrl: string; socketPath: string; active: boolean; onUnauthorized(): void }): DriverDispatch {
  const createSocket = useSocketFactory();
  const [state, setState] = useState<DriverDispatchState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const unauthorized = useRef(onUnauthorized);
  useEffect(() => {
    unauthorized.current = onUnauthorized;
  }, [onUnauthorized]);

  const refresh = useCallback(() => {
    const request = ++latest.current;
    client.dispatchState().then(
      (next) => {
        // An older answer arriving after a newer one must not undo it.
        if (request !== latest.current) return;
        setState(next);
        setError(null);
      },
      (failure: unknown) => {
        if (request !== latest.current) return;
        if (failure instanceof DriverApiError && failure.status === 401) return unauthorized.current();
        setError(failure instanceof DriverApiError ? failure.message : 'No se pudo cargar tu viaje.');
      },
    );
  }, [client]);

  useEffect(() => {
    if (!active) return undefined;
    const first = setTimeout(refresh, 0);
    const timer = setInterval(refresh, POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active, refresh]);

  // The driver's own socket (driver token at the handshake): events say "something changed".
  useEffect(() => {
    if (!active || !createSocket) return undefined;
    const socket = createSocket(socketUrl || window.location.origin, { path: socketPath, auth: { token }, autoConnect: false, forceNew: true, reconnection: true, reconnectionDelay: 1000, reconnectionDelayMax: 10_000 });
    socket.on('connect', refresh);
    for (const event of DRIVER_EVENTS) socket.on(event, refresh);
    socket.connect();
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [active, createSocket, socketUrl, socketPath, token, refresh]);

  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await action();
        setError(null);
      } catch (failure) {
        if (failure instanceof DriverApiError && failure.status === 401) return unauthorized.current();
        setError(failure instanceof DriverApiError ? failure.message : 'Algo falló. Intenta nuevamente.');
      } finally {
        setBusy(false);
        refresh();
      }
    },
    [refresh],
  );

  return { state, error, busy, run, refresh };
}
