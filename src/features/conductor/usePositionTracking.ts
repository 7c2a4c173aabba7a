/**
 * While a shift runs: positions from navigator.geolocation.watchPosition go into the pending queue
 * (kept through a lost connection or a reload) and the store sends them at once in batches
 * (./positions/flushPositions.ts); what could not be sent is retried every few seconds and as soon
 * as the browser says it is online again. What the GPS says goes into the store too.
 */
import { useCallback, useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { GeolocationMessages, geolocationErrorText } from './geolocationErrors';
import { positionFromFix, type PendingPositions } from './pendingPositions';
import { flushPositions } from './positions/flushPositions';
import { gpsChanged, positionsQueued, selectConductor, type ConductorState } from './state/conductorSlice';

const RETRY_MS = 10_000;

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function usePositionTracking({ active, since, queue }: { active: boolean; since: string | null; queue: PendingPositions }) {
  const dispatch = useAppDispatch();
  const gpsError = useAppSelector((state) => selectConductor(state).positions.gpsError);
  const store = useStore<{ conductor?: ConductorState }>();
  const flush = useCallback(() => flushPositions(queue, { dispatch, getState: store.getState }), [dispatch, store, queue]);

  // The queue as the phone kept it (a reload in the middle of a shift).
  useEffect(() => {
    dispatch(positionsQueued({ pending: queue.size() }));
  }, [dispatch, queue]);

  useEffect(() => {
    if (!active || !hasGeolocation()) return undefined;
    let failing = false;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        if (failing) dispatch(gpsChanged(null));
        failing = false;
        if (since && fix.timestamp < Date.parse(since)) return;
        if (!queue.add(positionFromFix(fix))) return;
        dispatch(positionsQueued({ pending: queue.size() }));
        void flush();
      },
      (error) => {
        failing = true;
        dispatch(gpsChanged(geolocationErrorText(error)));
      },
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
  }, [active, since, flush, queue, dispatch]);

  return { flush, gpsError: active && !hasGeolocation() ? GeolocationMessages.unsupported : gpsError };
}
