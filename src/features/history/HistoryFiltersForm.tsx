import { useState, type FormEvent } from 'react';
import type { Driver } from '../../../contract/entities';
import { filterErrors, type HistoryFilters } from './historyFilters';

interface Props {
  /** The applied filters (from the URL): the fields start from them. */
  initial: HistoryFilters;
  drivers: Driver[];
  onApply: (filters: HistoryFilters) => void;
}

/**
 * The filter bar. Typing changes only the fields; Buscar (or Enter) validates and applies them,
 * Limpiar empties them and applies no filters.
 */
export function HistoryFiltersForm({ initial, drivers, onApply }: Props) {
  const [driverId, setDriverId] = useState(initial.driver_id ?? '');
  const [startDate, setStartDate] = useState(initial.start_date ?? '');
  const [endDate, setEndDate] = useState(initial.end_date ?? '');
  // Filters that came invalid in the URL show their error from the start.
  const [errors, setErrors] = useState<Record<string, string>>(() => filterErrors(initial));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const filters = { driver_id: driverId, start_date: startDate, end_date: endDate };
    const found = filterErrors(filters);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(filters);
  }

  function handleClear() {
    setDriverId('');
    setStartDate('');
    setEndDate('');
    setErrors({});
    onApply({});
  }

  return (
    <form className="flota-history-filters" onSubmit={handleSubmit} noValidate aria-label="Filtros del historial">
      <div className="flota-field">
        <label htmlFor="history-driver">Conductor</label>
        <select
          id="history-driver"
          value={driverId}
          onChange={(event) => setDriverId(event.target.value)}
          aria-invalid={!!errors.driver_id}
          aria-describedby={errors.driver_id ? 'history-driver-error' : undefined}
        >
          <option value="">Todos los conductores</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={String(driver.id)}>
              {driver.first_name} {driver.last_name}
            </option>
          ))}
        </select>
        {errors.driver_id && (
          <p id="history-driver-error" className="flota-field__error">
            {errors.driver_id}
          </p>
        )}
      </div>
      <div className="flota-field">
        <label htmlFor="history-start">Fecha Inicio</label>
        <input
          id="history-start"
          type="date"
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
          aria-invalid={!!errors.start_date}
          aria-describedby={errors.start_date ? 'history-start-error' : undefined}
        />
        {errors.start_date && (
          <p id="history-start-error" className="flota-field__error">
            {errors.start_date}
          </p>
        )}
      </div>
      <div className="flota-field">
        <label htmlFor="history-end">Fecha Fin</label>
        <input
          id="history-end"
          type="date"
          value={endDate}
          min={startDate || undefined}
          onChange={(event) => setEndDate(event.target.value)}
          aria-invalid={!!errors.end_date}
          aria-describedby={errors.end_date ? 'history-end-error' : undefined}
        />
        {errors.end_date && (
          <p id="history-end-error" className="flota-field__error">
            {errors.end_date}
          </p>
        )}
      </div>
      <div className="flota-history-filters__actions">
        <button type="submit" className="flota-button flota-button--primary">
          Buscar
        </button>
        <button type="button" className="flota-button flota-button--secondary" onClick={handleClear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}
