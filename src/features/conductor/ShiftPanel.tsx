import { formatTime } from '../../../contract/dateFormat';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PrefixedStorage } from '../../lib/storage';
import { ConfirmStep } from './ConfirmStep';
import { DriverDispatchPanel } from './dispatch/DriverDispatchPanel';
import { driverErrorText } from './driverErrors';
import { MIN_SECONDS_BETWEEN_POINTS, pendingPositions } from './pendingPositions';
import { SosButton } from './sos/SosButton';
import { sosStore } from './sos/sosQueue';
import { selectConductor, shiftErrorShown, signedOut, type DriverSession } from './state/conductorSlice';
import { useEndShiftMutation, useGetDriverMeQuery, useStartShiftMutation } from './state/driverApi';
import { usePositionTracking } from './usePositionTracking';
import { useWakeLock, type WakeLockState } from './useWakeLock';
import './dispatch/driverDispatch.css';

/** With an SOS waiting for the desk, a point every second instead of every five. */
const SOS_SECONDS_BETWEEN_POINTS = 1;
/** Whether an SOS waits for the desk: set by the SOS control, read by the queue at each fix. */
function sosFlag() {
  let open = false;
  return { isOpen: () => open, set: (value: boolean) => (open = value) };
}

const timeOf = (iso: string) => formatTime(iso, { seconds: true });

const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  on: 'La pantalla se mantiene encendida durante el turno.',
  off: 'No se pudo mantener la pantalla encendida: desactiva el bloqueo automático mientras trabajas.',
  unsupported: 'Este navegador no puede mantener la pantalla encendida: desactiva el bloqueo automático mientras trabajas.',
};

/** The signed-in driver: assigned vehicle, Iniciar turno / Terminar turno, and what is being sent. */
export function ShiftPanel({ session, storage }: { session: DriverSession; storage: PrefixedStorage }) {
  const dispatch = useAppDispatch();
  const driverId = session.driver.id;
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

  const me = useGetDriverMeQuery(driverId, { refetchOnMountOrArgChange: true });
  const [startShift, starting] = useStartShiftMutation();
  const [endShift, ending] = useEndShiftMutation();
  const [flushing, setFlushing] = useState(false);
  const { shiftError, positions } = useAppSelector(selectConductor);
  const driver = me.data?.driver ?? session.driver;
  const shift = me.data?.shift ?? null;
  const loaded = me.data !== undefined;
  const busy = starting.isLoading || ending.isLoading || flushing;

  const tracking = usePositionTracking({ active: shift !== null, since: shift?.start_time ?? null, queue });
  const wakeLock = useWakeLock(shift !== null);

  const start = () => {
    dispatch(shiftErrorShown(null));
    void startShift({ driverId });
  };
  const end = async () => {
    dispatch(shiftErrorShown(null));
    setFlushing(true);
    // Everything recorded during the shift goes in before it ends.
    await tracking.flush();
    setFlushing(false);
    if (queue.size()) {
      dispatch(shiftErrorShown(`No se puede terminar el turno sin conexión: quedan ${queue.size()} posiciones por enviar. Intenta al volver la señal.`));
      return;
    }
    void endShift({ driverId });
  };

  const actionError = starting.error ?? ending.error;
  const errors = [
    shiftError,
    actionError ? driverErrorText(actionError, 'Algo falló. Intenta nuevamente.') : null,
    !loaded && me.error ? driverErrorText(me.error, 'No se pudo cargar tu turno.') : null,
    shift ? tracking.gpsError : null,
    shift ? positions.sendError : null,
  ];

  return (
    <section className="flota-conductor__card" aria-label="Tu turno">
      <div className="flota-conductor__who">
        <h2 className="flota-conductor__heading">
          {driver.first_name} {driver.last_name}
        </h2>
        <button type="button" className="flota-button flota-button--secondary" onClick={() => dispatch(signedOut())} disabled={shift !== null}>
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
        <p className="flota-conductor__status">{me.error ? '' : 'Cargando tu turno...'}</p>
      ) : shift ? (
        <>
          <p className="flota-conductor__status flota-conductor__status--on">Turno en curso desde las {timeOf(shift.start_time)}</p>
          <DriverDispatchPanel driverId={driverId} />
          <dl className="flota-conductor__facts">
            <dt>Última posición enviada</dt>
            <dd>{positions.lastSentAt ? timeOf(positions.lastSentAt) : 'Aún ninguna'}</dd>
            <dt>Posiciones por enviar</dt>
            <dd>{positions.pending}</dd>
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

      {errors
        .filter((text): text is string => !!text)
        .map((text) => (
          <p key={text} className="flota-form-error" role="alert">
            {text}
          </p>
        ))}
      {loaded && <SosButton driverId={driverId} store={sos} lastFix={queue.latest} onOpenChange={onSosOpen} />}
      {!loaded && me.error && (
        <button type="button" className="flota-button flota-button--secondary flota-conductor__action" onClick={() => void me.refetch()}>
          Reintentar
        </button>
      )}
    </section>
  );
}
