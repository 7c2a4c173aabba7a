/**
 * While a shift runs: positions from navigator.geolocation.watchPosition go into the pending
 * queue (kept through a lost connection or a reload) and are sent at once in batches; what could
 * not be sent is retried every few seconds and as soon as the browser says it is online again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DriverApiError, type DriverApiClient } from './driverApiClient';
import { GeolocationMessages, geolocationErrorText } from './geolocationErrors';
import { positionFromFix, type PendingPositions } from './pendingPositions';

const RETRY_MS = 10_000;
export const OFFLINE_TEXT = 'Sin conexión: tus posiciones se guardan en el teléfono y se enviarán al volver la señal.';

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export interface PositionTracking {
  lastSentAt: string | null;
  pending: number;
  gpsError: string | null;
  sendError: string | null;
  /** Sends what is waiting; resolves when done or when the connection failed. */
  flush(): Promise<void>;
}

export function usePositionTracking(options: {
  active: boolean;
  /** The shift's start: a fix from before it (a cached one) would be ignored by the server. */
  since: string | null;
  client: DriverApiClient;
  queue: PendingPositions;
  onUnauthorized(): void;
  onNoShift(): void;
}): PositionTracking {
  const { active, since, client, queue } = options;
  const [lastSentAt, setLastSentAt] = useState<string | null>(null);
  const [pending, setPending] = useState(queue.size());
  const [gpsError, setGpsError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const sending = useRef<Promise<void> | null>(null);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  const sendWaiting = useCallback(async () => {
    for (let batch = queue.nextBatch(); batch.length; batch = queue.nextBatch()) {
      try {
        await client.sendLocations(batch);
      } catch (error) {
        if (!(error instanceof DriverApiError)) throw error;
        if (error.status === 401) return callbacks.current.onUnauthorized();
        if (error.status === 409) return callbacks.current.onNoShift();
        if (error.status === 400) {
          // Points the server will never take (a wrong clock): drop them, say so, send the rest.
          queue.sent(batch.length);
          setSendError(`Se descartaron ${batch.length} posiciones que el servidor no aceptó: ${error.message}`);
          continue;
        }
        setSendError(error.status === 0 ? OFFLINE_TEXT : error.message);
        return undefined;
      }
      queue.sent(batch.length);
      setLastSentAt(new Date().toISOString());
      setSendError(null);
    }
    return undefined;
  }, [client, queue]);

  const flush = useCallback(() => {
    sending.current ??= sendWaiting().finally(() => {
      sending.current = null;
      setPending(queue.size());
    });
    return sending.current;
  }, [sendWaiting, queue]);

  useEffect(() => {
    if (!active || !hasGeolocation()) return undefined;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        setGpsError(null);
        if (since && fix.timestamp < Date.parse(since)) return;
        if (!queue.add(positionFromFix(fix))) return;
        setPending(queue.size());
        void flush();
      },
      (error) => setGpsError(geolocationErrorText(error)),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
    const retry = setInterval(() => void flush(), RETRY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    void flush();
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [active, since, flush, queue]);

  return { lastSentAt, pending, gpsError: active && !hasGeolocation() ? GeolocationMessages.unsupported : gpsError, sendError, flush };
}
