/**
 * The dispatcher's panel beside the map: counts per status that also filter, a search by number,
 * name or plate (Enter picks the first match), and the matching taxis, virtualized. Finding a taxi
 * is two interactions: type, then Enter or a click.
 */
import { memo, useId, useMemo, useState } from 'react';
import { AVAILABILITIES, availabilityLabels, type Availability } from '../../../../contract/api';
import { countByStatus, filterTaxis, motionText, statusLabels, statusOf, type StatusFilter } from '../state/taxiStatus';
import type { TaxiListProps, TaxiRow } from '../state/taxiRows';
import { UpdateAge } from './UpdateAge';
import { VirtualTaxiList } from './VirtualTaxiList';

const FILTERS: StatusFilter[] = ['all', 'live', 'stale', 'unlocated'];
/** The availability filter's plural words (dispatch). */
const AVAILABILITY_FILTER_LABELS: Record<Availability, string> = { libre: 'Libres', ocupado: 'Ocupados', fuera_de_servicio: 'Fuera de servicio' };
const ROW_HEIGHT = 56;


/** Memoised: a batch re-renders only the entries of the taxis it changed (rows keep their identity otherwise). */
const PanelEntry = memo(function PanelEntry({ row, offline, selected, onSelect }: { row: TaxiRow; offline: boolean; selected: boolean; onSelect(row: TaxiRow): void }) {
  const { shift } = row;
  const status = offline && row.position ? 'offline' : statusOf(row);
  const motion = motionText(shift);
  return (
    <button type="button" className={`flota-taxi-entry flota-taxi-entry--${status}`} aria-pressed={selected} onClick={() => onSelect(row)}>
      <span className="flota-taxi-entry__line">
        {/* Spaces between the parts: a button's name joins inline text as it is ("GonzálezLFKS84"). */}
        <span className="flota-taxi-entry__number">#{row.number}</span>{' '}
        <span className="flota-taxi-entry__name">
          {shift.first_name} {shift.last_name}
        </span>{' '}
        <span className={shift.plate_number ? 'flota-taxi-entry__plate' : 'flota-taxi-entry__no-plate'}>{shift.plate_number ?? 'Sin vehículo'}</span>
      </span>{' '}
      <span className="flota-taxi-entry__line flota-taxi-entry__detail">
        <span className="flota-taxi-entry__dot" aria-hidden="true" />
        {row.position ? (
          <>
            {offline ? 'Sin conexión · ' : row.stale ? 'Sin señal · ' : 'En línea · '}
            <UpdateAge time={shift.last_location_time} />
            {motion && ` · ${motion}`}
          </>
        ) : (
          'Sin ubicación'
        )}
        {row.availability && <span className={`flota-availability-text flota-availability-text--${row.availability}`}> · {availabilityLabels[row.availability]}</span>}
      </span>
    </button>
  );
});

export function TaxiPanel({ rows, offline, selectedShiftId, onSelect }: TaxiListProps) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [availability, setAvailability] = useState<Availability | null>(null);
  const counts = useMemo(() => countByStatus(rows), [rows]);
  const availabilityCounts = useMemo(() => {
    const found: Record<Availability, number> = { libre: 0, ocupado: 0, fuera_de_servicio: 0 };
    for (const row of rows) if (row.availability) found[row.availability] += 1;
    return found;
  }, [rows]);
  const knowsAvailability = rows.some((row) => row.availability);
  const shown = useMemo(() => filterTaxis(rows, query, status).filter((row) => !availability || row.availability === availability), [rows, query, status, availability]);
  const searchId = useId();
  const titleId = useId();

  return (
    <aside className="flota-taxi-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="flota-visually-hidden">
        Buscar taxi
      </h2>
      <div className="flota-taxi-panel__filters" role="group" aria-label="Filtrar por estado">
        {FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={`flota-status-filter flota-status-filter--${filter}`}
            aria-pressed={status === filter}
            onClick={() => setStatus(filter)}
          >
            <span className="flota-status-filter__count">{counts[filter]}</span> {filter === 'live' && offline ? 'Sin conexión' : statusLabels[filter]}
          </button>
        ))}
      </div>
      {knowsAvailability && (
        <div className="flota-taxi-panel__filters" role="group" aria-label="Filtrar por disponibilidad">
          {AVAILABILITIES.map((value) => (
            <button
              key={value}
              type="button"
              className={`flota-status-filter flota-availability-filter--${value}`}
              aria-pressed={availability === value}
              onClick={() => setAvailability((current) => (current === value ? null : value))}
            >
              <span className="flota-status-filter__count">{availabilityCounts[value]}</span> {AVAILABILITY_FILTER_LABELS[value]}
            </button>
          ))}
        </div>
      )}
      <label htmlFor={searchId} className="flota-visually-hidden">
        Buscar por número, nombre o patente
      </label>
      <input
        id={searchId}
        type="search"
        className="flota-taxi-panel__search"
        placeholder="Número, nombre o patente"
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && shown[0]) onSelect(shown[0]);
        }}
      />
      <p className="flota-taxi-panel__summary" role="status">
        {shown.length === rows.length ? `${rows.length} taxis` : `${shown.length} de ${rows.length} taxis`}
      </p>
      {shown.length === 0 ? (
        <p className="flota-taxi-panel__empty">Ningún taxi coincide</p>
      ) : (
        <VirtualTaxiList
          rows={shown}
          rowHeight={ROW_HEIGHT}
          className="flota-taxi-panel__list"
          label="Taxis"
          renderRow={(row) => <PanelEntry row={row} offline={offline} selected={row.shift.id === selectedShiftId} onSelect={onSelect} />}
        />
      )}
    </aside>
  );
}
