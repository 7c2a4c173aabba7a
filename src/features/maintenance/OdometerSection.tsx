import { DateField } from '../../components/form/DateField';
import { useState, type FormEvent } from 'react';
import type { Odometer } from '../../../contract/maintenance';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { fleetToday } from './fleetToday';
import { errorText, useSaveOdometerMutation } from './maintenanceApi';
import { dayText, km } from './planText';

/** The odometer: what it reads now (the owner's reading plus the km Flota measured since), and the form to enter a new reading. */
export function OdometerSection({ vehicleId, odometer, canEdit }: { vehicleId: number; odometer: Odometer | null; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveOdometerMutation();
  const [reading, setReading] = useState('');
  const [readOn, setReadOn] = useState(fleetToday);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = Number(reading.replace(/\./g, ''));
    if (!reading.trim() || !Number.isInteger(value)) {
      setError('Escribe los km del tablero en números enteros, por ejemplo 125.400');
      return;
    }
    const result = await save({ vehicleId, body: { reading_km: value, read_on: readOn } });
    if ('error' in result) {
      setError(errorText(result.error));
      return;
    }
    setReading('');
    dispatch(noticeShown('success', `Odómetro registrado: ${km(result.data.odometer.current_km)}`));
  }

  return (
    <section className="flota-maintenance-card" aria-labelledby={`odometer-${vehicleId}`}>
      <h2 id={`odometer-${vehicleId}`}>Odómetro</h2>
      {odometer ? (
        <p className="flota-maintenance-odometer">
          <strong>{km(odometer.current_km)}</strong>
          <span>
            Lectura de {km(odometer.reading_km)} el {dayText(odometer.read_on)} + {km(odometer.measured_km)} medidos por Flota en sus turnos
          </span>
        </p>
      ) : (
        <p className="flota-maintenance-note">Sin lectura: ingresa los km del tablero para que los planes por kilómetros cuenten.</p>
      )}
      {canEdit && (
        <form className="flota-maintenance-row" onSubmit={(event) => void submit(event)} aria-label="Registrar lectura del odómetro">
          <label className="flota-maintenance-field">
            <span>Km del tablero</span>
            <input inputMode="numeric" autoComplete="off" value={reading} onChange={(event) => setReading(event.target.value)} placeholder="125.400" />
          </label>
          <label className="flota-maintenance-field">
            <span>Leído el</span>
            <DateField value={readOn} max={fleetToday()} onValueChange={setReadOn} />
          </label>
          <button type="submit" className="flota-button flota-button--primary" disabled={saving.isLoading}>
            {saving.isLoading ? 'Guardando...' : 'Guardar lectura'}
          </button>
          {error && (
            <p role="alert" className="flota-maintenance-error">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
