import { memo, useId } from 'react';
import { formatClockTime } from '../../lib/clockTime';
import { noSignalText } from './signal';
import type { TaxiRow } from './taxiRows';

function statusText(row: TaxiRow, now: number): string {
  if (!row.position) return '⚪ Sin ubicación';
  if (row.stale) return `🟠 ${noSignalText(row.shift.last_location_time, now)}`;
  return '🟢 En línea';
}

interface EntryProps {
  row: TaxiRow;
  now: number;
  selected: boolean;
  onSelect(row: TaxiRow): void;
}

function ActiveShiftEntry({ row, now, selected, onSelect }: EntryProps) {
  const { shift } = row;
  const modifier = row.position ? (row.stale ? 'stale' : 'live') : 'unlocated';
  return (
    <li>
      <button type="button" className={`flota-active-driver flota-active-driver--${modifier}`} aria-pressed={selected} onClick={() => onSelect(row)}>
        <span className="flota-active-driver__number">#{row.number}</span>
        <span className="flota-active-driver__name">
          {shift.first_name} {shift.last_name}
        </span>
        <span className="flota-active-driver__plate">{shift.plate_number ?? 'Sin vehículo'}</span>
        <span className="flota-active-driver__since">{`Desde: ${formatClockTime(shift.start_time)}`}</span>
        <span className="flota-active-driver__status">{statusText(row, now)}</span>
      </button>
    </li>
  );
}

/**
 * With thousands of taxis the list re-renders a few times a second: an entry renders again only
 * when its own shift changed (the store keeps unchanged shifts as the same objects), or, while it
 * has no signal, when the clock moves on.
 */
const MemoEntry = memo(
  ActiveShiftEntry,
  (before, after) =>
    before.row.shift === after.row.shift &&
    before.row.number === after.row.number &&
    before.row.stale === after.row.stale &&
    before.selected === after.selected &&
    before.onSelect === after.onSelect &&
    (!after.row.stale || before.now === after.now),
);

interface ActiveShiftsListProps {
  rows: TaxiRow[];
  now: number;
  selectedShiftId: number | null;
  onSelect(row: TaxiRow): void;
}

/** "Conductores Activos" under the map: one button per shift, which shows that taxi on the map. */
export function ActiveShiftsList({ rows, now, selectedShiftId, onSelect }: ActiveShiftsListProps) {
  const titleId = useId();
  return (
    <section className="flota-active-drivers" aria-labelledby={titleId}>
      <h2 id={titleId} className="flota-section-title">
        Conductores Activos
      </h2>
      {rows.length === 0 ? (
        <p className="flota-active-drivers__empty">No hay conductores en turno activo</p>
      ) : (
        <ul className="flota-active-drivers__list">
          {rows.map((row) => (
            <MemoEntry key={row.shift.id} row={row} now={now} selected={row.shift.id === selectedShiftId} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </section>
  );
}
