import { formatClockTime } from '../../lib/clockTime';
import { noSignalText } from './signal';
import type { TaxiRow } from './taxiRows';

function statusText(row: TaxiRow, now: number): string {
  if (!row.position) return '⚪ Sin ubicación';
  if (row.stale) return `🟠 ${noSignalText(row.shift.last_location_time, now)}`;
  return '🟢 En línea';
}

interface ActiveShiftsListProps {
  rows: TaxiRow[];
  now: number;
  selectedShiftId: number | null;
  onSelect(row: TaxiRow): void;
}

/** "Conductores Activos" under the map: one button per shift, which shows that taxi on the map. */
export function ActiveShiftsList({ rows, now, selectedShiftId, onSelect }: ActiveShiftsListProps) {
  return (
    <section className="flota-active-drivers" aria-labelledby="flota-active-drivers-title">
      <h2 id="flota-active-drivers-title" className="flota-section-title">
        Conductores Activos
      </h2>
      {rows.length === 0 ? (
        <p className="flota-active-drivers__empty">No hay conductores en turno activo</p>
      ) : (
        <ul className="flota-active-drivers__list">
          {rows.map((row) => {
            const { shift } = row;
            const modifier = row.position ? (row.stale ? 'stale' : 'live') : 'unlocated';
            return (
              <li key={shift.id}>
                <button
                  type="button"
                  className={`flota-active-driver flota-active-driver--${modifier}`}
                  aria-pressed={shift.id === selectedShiftId}
                  onClick={() => onSelect(row)}
                >
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
          })}
        </ul>
      )}
    </section>
  );
}
