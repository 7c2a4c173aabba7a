import { useState, type FormEvent } from 'react';
import type { Driver, Vehicle } from '../../../contract/entities';
import { DateRangeFields } from '../../components/form/DateRangeFields';
import { Field } from '../../components/form/Field';
import { FilterBar } from '../../components/form/FilterBar';
import { filterErrors, type HistoryFilters } from './historyFilters';

interface Props {
  /** The applied filters (from the URL): the fields start from them. */
  initial: HistoryFilters;
  drivers: Driver[];
  vehicles: Vehicle[];
  onApply: (filters: HistoryFilters) => void;
}

/**
 * The filter bar. Typing changes only the fields; Buscar (or Enter) validates and applies them,
 * Limpiar empties them and applies no filters.
 */
export function HistoryFiltersForm({ initial, drivers, vehicles, onApply }: Props) {
  const [driverId, setDriverId] = useState(initial.driver_id ?? '');
  const [vehicleId, setVehicleId] = useState(initial.vehicle_id ?? '');
  const [startDate, setStartDate] = useState(initial.start_date ?? '');
  const [endDate, setEndDate] = useState(initial.end_date ?? '');
  // Filters that came invalid in the URL show their error from the start.
  const [errors, setErrors] = useState<Record<string, string>>(() => filterErrors(initial));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const filters = { driver_id: driverId, vehicle_id: vehicleId, start_date: startDate, end_date: endDate };
    const found = filterErrors(filters);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(filters);
  }

  function handleClear() {
    setDriverId('');
    setVehicleId('');
    setStartDate('');
    setEndDate('');
    setErrors({});
    onApply({});
  }

  return (
    <FilterBar className="flota-history-filters" label="Filtros del historial" onSubmit={handleSubmit} onClear={handleClear}>
      <Field label="Conductor" error={errors.driver_id}>
        {(control) => (
          <select {...control} value={driverId} onChange={(event) => setDriverId(event.target.value)}>
            <option value="">Todos los conductores</option>
            {drivers.map((driver) => (
              <option key={driver.id} value={String(driver.id)}>
                {driver.first_name} {driver.last_name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Vehículo" error={errors.vehicle_id}>
        {(control) => (
          <select {...control} value={vehicleId} onChange={(event) => setVehicleId(event.target.value)}>
            <option value="">Todos los vehículos</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={String(vehicle.id)}>
                {vehicle.plate_number}
                {vehicle.model ? ` · ${vehicle.model}` : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DateRangeFields start={startDate} end={endDate} onStartChange={setStartDate} onEndChange={setEndDate} errors={errors} />
    </FilterBar>
  );
}
