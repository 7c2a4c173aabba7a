import { memo, useId } from 'react';
import { formatClockTime } from '../../../lib/clockTime';
import { motionText, statusOf, statusText } from '../state/taxiStatus';
import type { TaxiListProps, TaxiRow } from '../state/taxiRows';
import { UpdateAge } from './UpdateAge';
import { useSecondClock } from '../../../hooks/useSecondClock';
import { VirtualTaxiList } from './VirtualTaxiList';

interface EntryProps {
  row: TaxiRow;
  offline: boolean;
  selected: boolean;
  onSelect(row: TaxiRow): void;
}

/** The status line, on the second clock ("Sin señal hace N min" ages): the only part of an entry that ticks. */
function EntryStatus({ row, offline }: { row: TaxiRow; offline: boolean }) {
  const now = useSecondClock();
  return <>{statusText(row, now, offline)}</>;
}

/** Memoised: a batch re-renders only the entries of the taxis it changed; the clock only their ticking parts. */
const ActiveShiftEntry = memo(function ActiveShiftEntry({ row, offline, selected, onSelect }: EntryProps) {
  const { shift } = row;
  const status = offline && row.position ? 'offline' : statusOf(row);
  const motion = motionText(shift);
  return (
    <button type="button" className={`flota-active-driver flota-active-driver--${status}`} aria-pressed={selected} onClick={() => onSelect(row)}>
      {/* Spaces between the parts: a button's name joins inline text as it is ("GonzálezLFKS84"). */}
      <span className="flota-active-driver__number">#{row.number}</span>{' '}
      <span className="flota-active-driver__name">
        {shift.first_name} {shift.last_name}
      </span>{' '}
      <span className={shift.plate_number ? 'flota-active-driver__plate' : 'flota-active-driver__no-plate'}>{shift.plate_number ?? 'Sin vehículo'}</span>{' '}
      <span className="flota-active-driver__since">{`Desde: ${formatClockTime(shift.start_time)}`}</span>{' '}
      <span className="flota-active-driver__status">
        <EntryStatus row={row} offline={offline} />
      </span>{' '}
      <span className="flota-active-driver__detail">
        {row.position && <UpdateAge time={shift.last_location_time} />}
        {row.position && motion && ` · ${motion}`}
      </span>
    </button>
  );
});


const ROW_HEIGHT = 48;

/** "Conductores Activos" under the map: one button per shift, which shows that taxi on the map. */
export function ActiveShiftsList({ rows, offline, selectedShiftId, onSelect }: TaxiListProps) {
  const titleId = useId();
  return (
    <section className="flota-active-drivers" aria-labelledby={titleId}>
      <h2 id={titleId} className="flota-section-title">
        Conductores Activos
      </h2>
      {rows.length === 0 ? (
        <p className="flota-active-drivers__empty">No hay conductores en turno activo</p>
      ) : (
        <VirtualTaxiList
          rows={rows}
          rowHeight={ROW_HEIGHT}
          className="flota-active-drivers__list"
          renderRow={(row) => <ActiveShiftEntry row={row} offline={offline} selected={row.shift.id === selectedShiftId} onSelect={onSelect} />}
        />
      )}
    </section>
  );
}
