/**
 * ¿Dónde estaba cada taxi? A dialog of the history: pick a date and a time, see every taxi where
 * it was then (its last point at or before that time, within the chosen window) with its driver,
 * on a map and in a list that links each shift to its replay.
 */
import { TimeField } from '../../../components/form/TimeField';
import { DateField } from '../../../components/form/DateField';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../../components/form/Field';
import { LoadingText } from '../../../components/LoadingText';
import { Modal } from '../../../components/Modal';
import { formatClockTime } from '../../../lib/clockTime';
import { useLazyGetPositionsAtQuery } from '../replay/replayApi';
import { defaultMoment, momentToIso, type MomentFields } from './positionsAtForm';
import './positionsAt.css';

const PositionsAtMap = lazy(() => import('./PositionsAtMap'));
const WINDOWS = [15, 30, 60, 120] as const;

export function WhereWasEveryone({ onClose }: { onClose: () => void }) {
  const [fields, setFields] = useState<MomentFields>(() => defaultMoment());
  const [windowMinutes, setWindowMinutes] = useState<number>(30);
  const [error, setError] = useState<string | null>(null);
  const [ask, answer] = useLazyGetPositionsAtQuery();

  function submit(event: FormEvent) {
    event.preventDefault();
    const moment = momentToIso(fields);
    if ('error' in moment) {
      setError(moment.error);
      return;
    }
    setError(null);
    void ask({ time: moment.iso, windowMinutes });
  }

  const data = answer.isFetching ? undefined : answer.data;
  return (
    <Modal title="¿Dónde estaba cada taxi?" subtitle="La última posición de cada taxi en o antes del momento elegido" onClose={onClose} closeLabel="Cerrar" wide closeOnBackdropClick>
      <form className="flota-positions-at__form" onSubmit={submit} noValidate>
        <Field label="Fecha" error={error ?? undefined}>
          {(control) => <DateField {...control} value={fields.date} onValueChange={(date) => setFields({ ...fields, date })} />}
        </Field>
        <Field label="Hora">{(control) => <TimeField {...control} value={fields.time} onValueChange={(time) => setFields({ ...fields, time })} />}</Field>
        <Field label="Hasta cuánto antes">
          {(control) => (
            <select {...control} value={windowMinutes} onChange={(event) => setWindowMinutes(Number(event.target.value))}>
              {WINDOWS.map((minutes) => (
                <option key={minutes} value={minutes}>{`${minutes} minutos`}</option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="flota-button flota-button--primary flota-positions-at__submit" disabled={answer.isFetching}>
          Ver posiciones
        </button>
      </form>
      {answer.isFetching && <LoadingText>Buscando posiciones...</LoadingText>}
      {answer.isError && !answer.isFetching && <p className="flota-positions-at__message">No se pudieron cargar las posiciones.</p>}
      {data && data.count === 0 && <p className="flota-positions-at__message">Ningún taxi registró su posición en ese momento.</p>}
      {data && data.count > 0 && (
        <div className="flota-positions-at__result">
          <div className="flota-positions-at__map">
            <Suspense fallback={<LoadingText>Cargando mapa...</LoadingText>}>
              <PositionsAtMap positions={data.positions} />
            </Suspense>
          </div>
          <p role="status" className="flota-positions-at__count">{`${data.count} taxi(s) a las ${formatClockTime(data.time)}`}</p>
          <ul className="flota-positions-at__list" aria-label="Taxis en ese momento">
            {data.positions.map((position) => (
              <li key={position.shift_id}>
                <span className="flota-positions-at__driver">{position.driver_name}</span>
                <span>{position.plate_number ?? 'Sin vehículo'}</span>
                <span>{`visto a las ${formatClockTime(position.recorded_at)}`}</span>
                <Link to={`/dashboard/history/${position.shift_id}/replay`}>Reproducir turno</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
