import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DriverSosResponse } from '../../../../contract/alerts';
import { useAppDispatch } from '../../../app/hooks';
import { isNetworkError } from '../../../lib/apiError';
import { driverApi, useGetDriverSosQuery } from '../state/driverApi';
import { pressPositionTime, type SosFix, type SosStore, type StoredSos } from './sosQueue';
import './sos.css';

/** Held this long to fire: a brush of the screen or a pocket press cannot send it. */
export const HOLD_MS = 2000;
const RETRY_MS = 5000;
/** How long the GPS may look for the fresh fix: nothing waits for it, so it may take its time. */
const FRESH_FIX_TIMEOUT_MS = 30_000;

/** A fix taken now (never a cached one), or null when the phone gives none. */
function freshFix(): Promise<SosFix | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (fix) => resolve({ latitude: fix.coords.latitude, longitude: fix.coords.longitude, timestamp: new Date(fix.timestamp).toISOString() }),
      () => resolve(null),
      { enableHighAccuracy: true, maximumAge: 0, timeout: FRESH_FIX_TIMEOUT_MS },
    );
  });
}

/**
 * SOS: press and hold for two seconds (a ring fills; letting go cancels). It leaves the moment the
 * hold ends with the phone's last known fix and its age (`lastFix`: the position tracking's newest),
 * never waiting for the GPS (it used to wait up to 5 s); the fresh fix asked for then follows as
 * the same alert's newer position. Both are stored in the phone and sent until the server takes
 * them (the store's driver API; a 401 there ends the driver's session); then the page says it was
 * received, and later that the central acknowledged it.
 * `onOpenChange` tells the page an SOS is waiting for the desk (positions more often).
 */
export function SosButton({ driverId, store, lastFix, onOpenChange }: { driverId: number; store: SosStore; lastFix(): SosFix | null; onOpenChange(open: boolean): void }) {
  const dispatch = useAppDispatch();
  const [kept, setSos] = useState<StoredSos | null>(() => store.read());
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The desk's acknowledgement, pushed on the driver's socket (sos_changed) into the cached SOS:
  // shown at once; the next asking keeps it in the phone.
  const pushed = useGetDriverSosQuery(driverId, { skip: !kept?.received || !!kept.received.acknowledged_at }).data?.sos;
  const sos = kept?.received && pushed?.acknowledged_at && pushed.id === kept.received.id && !kept.received.acknowledged_at ? { ...kept, received: pushed } : kept;
  const open = sos !== null && !sos.received?.acknowledged_at;

  useEffect(() => onOpenChange(open), [open, onOpenChange]);

  const save = useCallback(
    (next: StoredSos | null) => {
      if (next) store.update(next);
      else store.clear();
      setSos(next);
    },
    [store],
  );

  // Until received: send every few seconds. Once received: the fresh fix, if one waits; then ask
  // whether the desk acknowledged it.
  useEffect(() => {
    const sos = kept;
    if (!sos || sos.received?.acknowledged_at) return;
    let stopped = false;
    const tick = async () => {
      if (sos.received && sos.fix) {
        const sent = await dispatch(driverApi.endpoints.sendSosFix.initiate({ client_id: sos.request.client_id, ...sos.fix }, { track: false }));
        // Taken, or refused for good (the server will never take it): done. No signal: the next tick.
        if (!stopped && (sent.data || !isNetworkError(sent.error))) save({ ...sos, fix: null });
        return;
      }
      const result = sos.received
        ? await dispatch(driverApi.endpoints.getDriverSos.initiate(driverId, { forceRefetch: true, subscribe: false }))
        : await dispatch(driverApi.endpoints.sendSos.initiate(sos.request, { track: false }));
      // Not sent (no signal): tried again at the next tick.
      const fresh = (result.data as DriverSosResponse | undefined)?.sos;
      // This press's answer names it by client_id; once received, the phone follows the episode's
      // alert by id (a press joined to an SOS already open shares its alert, not its first client_id).
      const mine = fresh != null && (sos.received ? fresh.id === sos.received.id : fresh.client_id === sos.request.client_id);
      // Saved only when something changed: each save restarts this effect.
      if (!stopped && fresh && mine && (!sos.received || fresh.acknowledged_at !== sos.received.acknowledged_at)) save({ ...sos, received: fresh });
    };
    void tick();
    const interval = setInterval(() => void tick(), RETRY_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
    };
  }, [dispatch, driverId, kept, save]);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setHolding(false);
  };
  /** The fresh fix, kept for this press unless another press or a Cerrar came first, or it is no newer than what the press carried. */
  const followWith = useCallback(
    (clientId: string, fix: SosFix) => {
      const current = store.read();
      if (!current || current.request.client_id !== clientId || current.received?.acknowledged_at) return;
      const carried = pressPositionTime(current.request);
      if (carried !== null && Date.parse(fix.timestamp) <= carried) return;
      save({ ...current, fix });
    },
    [store, save],
  );

  const fire = () => {
    const sos = store.create(lastFix(), new Date());
    save(sos);
    void freshFix().then((fix) => fix && followWith(sos.request.client_id, fix));
  };
  const begin = () => {
    if (timer.current || open) return;
    setHolding(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setHolding(false);
      fire();
    }, HOLD_MS);
  };
  useEffect(() => cancel, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      begin();
    }
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') cancel();
  };

  if (sos && open) {
    return (
      <div className="flota-sos-status" role="status" aria-live="assertive">
        <strong>SOS activo.</strong> {sos.received ? 'La central recibió tu SOS. Mantén el teléfono contigo: tu posición se envía más seguido.' : 'Enviando tu SOS... se reintenta hasta que llegue.'}
      </div>
    );
  }
  return (
    <div className="flota-sos">
      {sos?.received?.acknowledged_at && (
        <p className="flota-sos-status flota-sos-status--done" role="status">
          La central reconoció tu SOS.{' '}
          <button type="button" className="flota-button flota-button--secondary" onClick={() => save(null)}>
            Cerrar
          </button>
        </p>
      )}
      <button
        type="button"
        className={`flota-sos-button${holding ? ' flota-sos-button--holding' : ''}`}
        onPointerDown={begin}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onContextMenu={(event) => event.preventDefault()}
        aria-describedby="flota-sos-hint"
      >
        SOS
      </button>
      <p id="flota-sos-hint" className="flota-conductor__hint">
        {holding ? 'Sigue presionando...' : 'Mantén presionado 2 segundos para pedir ayuda a la central.'}
      </p>
    </div>
  );
}
