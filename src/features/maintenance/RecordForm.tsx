import { DateField } from '../../components/form/DateField';
import { useState, type FormEvent } from 'react';
import { formatPesos, parsePesos } from '../../../contract/money';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { fleetToday } from './fleetToday';
import { errorText, useCreateRecordMutation } from './maintenanceApi';

/** A service done: date, odometer, kind, workshop, cost in whole pesos ("38.990") and notes. */
export function RecordForm({ vehicleId, currentKm, kinds }: { vehicleId: number; currentKm: number | null; kinds: string[] }) {
  const dispatch = useAppDispatch();
  const [create, creating] = useCreateRecordMutation();
  const [doneOn, setDoneOn] = useState(fleetToday);
  const [odometer, setOdometer] = useState(currentKm === null ? '' : String(currentKm));
  const [kind, setKind] = useState(kinds[0] ?? '');
  const [workshop, setWorkshop] = useState('');
  const [cost, setCost] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const pesos = parsePesos(cost);
    if (pesos === null) {
      setError('Escribe el costo en pesos enteros, por ejemplo 38.990');
      return;
    }
    const km = Number(odometer.replace(/\./g, ''));
    const result = await create({ vehicleId, body: { done_on: doneOn, odometer_km: odometer.trim() ? km : Number.NaN, kind, workshop, cost_pesos: pesos, notes } });
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    setCost('');
    setNotes('');
    dispatch(noticeShown('success', `Servicio "${result.data.record.kind}" registrado: ${formatPesos(result.data.record.cost_pesos)}`));
  }

  return (
    <form className="flota-maintenance-card" onSubmit={(event) => void submit(event)} aria-labelledby={`record-form-${vehicleId}`}>
      <h3 id={`record-form-${vehicleId}`}>Registrar servicio</h3>
      <div className="flota-maintenance-row">
        <label className="flota-maintenance-field">
          <span>Fecha</span>
          <DateField value={doneOn} max={fleetToday()} onValueChange={setDoneOn} />
        </label>
        <label className="flota-maintenance-field">
          <span>Odómetro (km)</span>
          <input inputMode="numeric" autoComplete="off" value={odometer} onChange={(event) => setOdometer(event.target.value)} placeholder="125.400" />
        </label>
        <label className="flota-maintenance-field flota-maintenance-field--wide">
          <span>Tipo</span>
          <input value={kind} maxLength={60} list={`record-kinds-${vehicleId}`} onChange={(event) => setKind(event.target.value)} />
          <datalist id={`record-kinds-${vehicleId}`}>
            {kinds.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
        </label>
      </div>
      <div className="flota-maintenance-row">
        <label className="flota-maintenance-field flota-maintenance-field--wide">
          <span>Taller</span>
          <input value={workshop} maxLength={80} onChange={(event) => setWorkshop(event.target.value)} />
        </label>
        <label className="flota-maintenance-field">
          <span>Costo ($)</span>
          <input inputMode="numeric" autoComplete="off" value={cost} onChange={(event) => setCost(event.target.value)} placeholder="38.990" />
        </label>
      </div>
      <div className="flota-maintenance-row">
        <label className="flota-maintenance-field flota-maintenance-field--wide">
          <span>Notas</span>
          <input value={notes} maxLength={500} onChange={(event) => setNotes(event.target.value)} />
        </label>
        <button type="submit" className="flota-button flota-button--primary" disabled={creating.isLoading}>
          {creating.isLoading ? 'Guardando...' : 'Registrar servicio'}
        </button>
      </div>
      {error && (
        <p role="alert" className="flota-maintenance-error">
          {error}
        </p>
      )}
    </form>
  );
}
