import { formatTime } from '../../../contract/dateFormat';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DriverProfile, Shift } from '../../../contract/entities';
import type { PrefixedStorage } from '../../lib/storage';
import { DriverApiError, driverApiClient } from './driverApiClient';
import type { DriverSession } from './driverSession';
import { MIN_SECONDS_BETWEEN_POINTS, pendingPositions } from './pendingPositions';
import { usePositionTracking } from './usePositionTracking';
import { useWakeLock, type WakeLockState } from './useWakeLock';
import './dispatch/driverDispatch.css';
import { ConfirmStep } from './ConfirmStep';
import { DriverDispatchPanel } from './dispatch/DriverDispatchPanel';
import { SosButton } from './sos/SosButton';
import { sosStore } from './sos/sosQueue';

/** With an SOS waiting for the desk, a point every second instead of every five. */
const SOS_SECONDS_BETWEEN_POINTS = 1;
/** Whether an SOS waits for the desk: set by the SOS control, read by the queue at each fix. */
function sosFlag() {
  let open = false;
  return { isOpen: () => open, set: (value: boolean) => (open = value) };
}

export const SESSION_EXPIRED = 'Tu sesión expiró. Ingresa nuevamente.';

const timeOf = (iso: string) => formatTime(iso, { seconds: true });

const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  on: 'La pantalla se mantiene encendida durante el turno.',
  off: 'No se pudo mantener la pantalla encendida: desactiva el bloqueo automático mientras trabajas.',
  unsupported: 'Este navegador no puede mantener la pantalla encendida: desactiva el bloqueo automático mientras trabajas.',
};

/** The signed-in driver: assigned vehicle, Iniciar turno / Terminar turno, and what is being sent. */
export function ShiftPanel({ session, apiBaseUrl, storage, onSignedOut }: { session: DriverSession; apiBaseUrl: string; storage: PrefixedStorage; onSignedOut(notice: string | null): void }) {
  const client = useMemo(() => driverApiClient(apiBaseUrl, session.token), [apiBaseUrl, session.token]);
  // Read by the queue at each fix, never during render.
  const [urgency] = useState(sosFlag);
  const queue = useMemo(() => pendingPositions(storage, () => (urgency.isOpen() ? SOS_SECONDS_BETWEEN_POINTS : MIN_SECONDS_BETWEEN_POINTS)), [storage, urgency]);
  const sos = useMemo(() => sosStore(storage), [storage]);
  const onSosOpen = useCallback(
    (open: boolean) => {
      urgency.set(open);
    },
    [urgency],
  );
  const [driver, setDriver] = useState<DriverProfile>(session.driver);
  const [shift, setShift] = useState<Shift | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const tracking = usePositionTracking({
    active: shift !== null,
    since: shift?.start_time ?? null,
    client,
    queue,
    onUnauthorized: () => onSignedOut(SESSION_EXPIRED),
    onNoShift: () => {
      setShift(null);
      setError('Tu turno ya no está activo. Inícialo de nuevo para seguir enviando tu posición.');
    },
  });
  const wakeLock = useWakeLock(shift !== null);

  useEffect(() => {
    let current = true;
    client
      .me()
      .then((me) => {
        if (!current) return;
        setDriver(me.driver);
        setShift(me.shift);
        setError(null);
        setLoaded(true);
      })
      .catch((failure: unknown) => {
        if (!current) return;
        if (failure instanceof DriverApiError && failure.status === 401) return onSignedOut(SESSION_EXPIRED);
        setError(failure instanceof DriverApiError ? failure.message : 'No se pudo cargar tu turno.');
      });
    return () => {
      current = false;
    };
  }, [client, onSignedOut, reload]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof DriverApiError && failure.status === 401) return onSignedOut(SESSION_EXPIRED);
      setError(failure instanceof DriverApiError ? failure.message : 'Algo falló. Intenta nuevamente.');
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      setShift((await client.startShift()).shift);
    });

  const end = () =>
    run(async () => {
      // Everything recorded during the shift goes in before it ends.
      await tracking.flush();
      if (queue.size()) throw new DriverApiError(0, `No se puede terminar el turno sin conexión: quedan ${queue.size()} posiciones por enviar. Intenta al volver la señal.`);
      await client.endShift();
      setShift(null);
    });

  return (
    <section className="flota-conductor__card" aria-label="Tu turno">
      <div className="flota-conductor__who">
        <h2 className="flota-conductor__heading">
          {driver.first_name} {driver.last_name}
        </h2>
        <button type="button" className="flota-button flota-button--secondary" onClick={() => onSignedOut(null)} disabled={shift !== null}>
          Salir
        </button>
      </div>
      <p className="flota-conductor__vehicle">
        {driver.plate_number ? (
          <>
            Vehículo asignado: <strong>{driver.plate_number}</strong>
          </>
        ) : (
          'Sin vehículo asignado: pide a tu flota que te asigne uno.'
        )}
      </p>

      {!loaded ? (
        <p className="flota-conductor__status">{error ? '' : 'Cargando tu turno...'}</p>
      ) : shift ? (
        <>
          <p className="flota-conductor__status flota-conductor__status--on">Turno en curso desde las {timeOf(shift.start_time)}</p>
          <DriverDispatchPanel client={client} token={session.token} onUnauthorized={() => onSignedOut(SESSION_EXPIRED)} />
          <dl className="flota-conductor__facts">
            <dt>Última posición enviada</dt>
            <dd>{tracking.lastSentAt ? timeOf(tracking.lastSentAt) : 'Aún ninguna'}</dd>
            <dt>Posiciones por enviar</dt>
            <dd>{tracking.pending}</dd>
          </dl>
          <p className="flota-conductor__hint">{WAKE_LOCK_TEXT[wakeLock]}</p>
          {/* Away from the offer and trip cards, and asked twice: a tap by mistake ended the shift. */}
          <div className="flota-conductor__end">
            <ConfirmStep
              label={busy ? 'Terminando...' : 'Terminar turno'}
              question="¿Terminar el turno? Dejarás de recibir viajes."
              confirmLabel="Sí, terminar turno"
              cancelLabel="Seguir en turno"
              tone="secondary"
              disabled={busy}
              onConfirm={() => void end()}
            />
          </div>
        </>
      ) : (
        <button type="button" className="flota-button flota-button--primary flota-conductor__action" onClick={start} disabled={busy}>
          {busy ? 'Iniciando...' : 'Iniciar turno'}
        </button>
      )}

      {[error, shift ? tracking.gpsError : null, shift ? tracking.sendError : null]
        .filter((text): text is string => !!text)
        .map((text) => (
          <p key={text} className="flota-form-error" role="alert">
            {text}
          </p>
        ))}
      {loaded && <SosButton client={client} store={sos} onOpenChange={onSosOpen} onUnauthorized={() => onSignedOut(SESSION_EXPIRED)} />}
      {!loaded && error && (
        <button type="button" className="flota-button flota-button--secondary flota-conductor__action" onClick={() => setReload((n) => n + 1)}>
          Reintentar
        </button>
      )}
    </section>
  );
}
