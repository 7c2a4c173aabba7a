import { Popup } from 'react-map-gl/maplibre';
import { formatClockTime } from '../../lib/clockTime';
import type { TaxiRow } from './taxiRows';

interface TaxiPopupProps {
  row: TaxiRow & { position: NonNullable<TaxiRow['position']> };
  showTrail: boolean;
  onToggleTrail(): void;
  onClose(): void;
}

/** The one DOM popup on the map: the selected taxi's details. */
export function TaxiPopup({ row, showTrail, onToggleTrail, onClose }: TaxiPopupProps) {
  const { shift, number, position } = row;
  const trailId = `flota-trail-toggle-${shift.id}`;
  return (
    <Popup longitude={position[0]} latitude={position[1]} anchor="bottom" offset={32} closeOnClick={false} maxWidth="280px" onClose={onClose}>
      <div className="flota-taxi-popup">
        <p className="flota-taxi-popup__title">
          #{number} {shift.first_name} {shift.last_name}
        </p>
        <p className="flota-taxi-popup__plate">{shift.plate_number ?? 'N/A'}</p>
        <p>Turno desde: {formatClockTime(shift.start_time)}</p>
        {shift.last_location_time && <p>Última actualización: {formatClockTime(shift.last_location_time, { seconds: true })}</p>}
        <p className="flota-taxi-popup__toggle">
          <input id={trailId} type="checkbox" checked={showTrail} onChange={onToggleTrail} />
          <label htmlFor={trailId}>Mostrar recorrido</label>
        </p>
      </div>
    </Popup>
  );
}
