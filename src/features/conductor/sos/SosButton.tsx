import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DriverSos } from '../../../../contract/alerts';
import { DriverApiError, type DriverApiClient } from '../driverApiClient';
import type { SosStore, StoredSos } from './sosQueue';
import './sos.css';

/** Held this long to fire: a brush of the screen or a pocket press cannot send it. */
export const HOLD_MS = 2000;
const RETRY_MS = 5000;

function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (fix) => resolve({ latitude: fix.coords.latitude, longitude: fix.coords.longitude }),
      () => resolve(null),
      { maximumAge: 30_000, timeout: 5000 },
    );
  });
}

/**
 * SOS: press and hold for two seconds (a ring fills; letting go cancels). Stored in the phone and
 * sent until the server takes it; then the page says it was received, and later that the central
 * acknowledged it. `onOpenChange` tells the page an SOS is waiting for the desk (positions more often).
 */
export function SosButton({ client, store, onOpenChange, onUnauthorized }: { client: DriverApiClient; store: SosStore; onOpenChange(open: boolean): void; onUnauthorized(): void }) {
  const [sos, setSos] = useState<StoredSos | null>(() => store.read());
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
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

  // Until received: send every few seconds. Once received: ask whether the desk acknowledged it.
  useEffect(() => {
    if (!sos || sos.received?.acknowledged_at) return;
    let stopped = false;
    const tick = async () => {
      try {
        const answer: { sos: DriverSos | null } = sos.received ? await client.currentSos() : await client.sendSos(sos.request);
        const fresh = answer.sos;
        // This press's answer names it by client_id; once received, the phone follows the episode's
        // alert by id (a press joined to an SOS already open shares its alert, not its first client_id).
        const mine = fresh !== null && (sos.received ? fresh.id === sos.received.id : fresh.client_id === sos.request.client_id);
        // Saved only when something changed: each save restarts this effect.
        if (!stopped && fresh && mine && (!sos.received || fresh.acknowledged_at !== sos.received.acknowledged_at)) save({ ...sos, received: fresh });
      } catch (error) {
        if (error instanceof DriverApiError && error.status === 401) onUnauthorized();
      }
    };
    void tick();
    const interval = setInterval(() => void tick(), RETRY_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
    };
  }, [client, sos, save, onUnauthorized]);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setHolding(false);
  };
  const begin = () => {
    if (timer.current || open) return;
    setHolding(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setHolding(false);
      void currentPosition().then((position) => save(store.create(position, new Date())));
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
