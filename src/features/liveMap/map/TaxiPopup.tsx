import type { Ref } from 'react';
import { availabilityLabels } from '../../../../contract/api';
import { Popup } from 'react-map-gl/maplibre';
import { Link } from 'react-router-dom';
import type { Popup as MapLibrePopup } from 'maplibre-gl';
import { formatClockTime } from '../../../lib/clockTime';
import type { LngLat } from '../state/liveMapSlice';
import { motionText } from '../state/taxiStatus';
import type { TaxiRow } from '../state/taxiRows';
import { UpdateAge } from '../list/UpdateAge';
import { PhoneLink } from '../../../components/PhoneLink';
import { useDriverPhone } from './useDriverPhone';

interface TaxiPopupProps {
  ref?: Ref<MapLibrePopup>;
  row: TaxiRow;
  /** Where the marker is drawn (the taxi layer moves the popup along while the taxi glides). */
  at: LngLat;
  offline: boolean;
  showTrail: boolean;
  following: boolean;
  onToggleTrail(): void;
  onToggleFollow(): void;
  onClose(): void;
}

/** The one DOM popup on the map: the selected taxi's details. */
export function TaxiPopup({ ref, row, at, offline, showTrail, following, onToggleTrail, onToggleFollow, onClose }: TaxiPopupProps) {
  const { shift, number } = row;
  const trailId = `flota-trail-toggle-${shift.id}`;
  const motion = motionText(shift);
  const phone = useDriverPhone(shift.driver_id);
  // No fixed anchor: MapLibre opens the popup on the side where it fits (below a taxi near the
  // map's top edge, beside one near a side), so it is never cut off; the offset clears the marker.
  return (
    <Popup ref={ref} longitude={at[0]} latitude={at[1]} offset={32} closeOnClick={false} maxWidth="280px" onClose={onClose}>
      <div className="flota-taxi-popup" role="group" aria-label={`Taxi #${number}`}>
        <p className="flota-taxi-popup__title">
          #{number} {shift.first_name} {shift.last_name}
        </p>
        <p className={shift.plate_number ? 'flota-taxi-popup__plate' : undefined}>{shift.plate_number ?? 'N/A'}</p>
        {phone && (
          <p>
            Teléfono: <PhoneLink phone={phone} name={`${shift.first_name} ${shift.last_name}`} />
          </p>
        )}
        {row.availability && <p className={`flota-availability-text flota-availability-text--${row.availability}`}>Disponibilidad: {availabilityLabels[row.availability]}</p>}
        <p>Turno desde: {formatClockTime(shift.start_time)}</p>
        {shift.last_location_time && <p>Última actualización: {formatClockTime(shift.last_location_time, { seconds: true })}</p>}
        {shift.last_location_time && (
          <p className={offline ? 'flota-taxi-popup__age flota-taxi-popup__age--offline' : 'flota-taxi-popup__age'}>
            {offline ? 'Sin conexión: posición de ' : 'Posición de '}
            <UpdateAge time={shift.last_location_time} />
          </p>
        )}
        {motion && <p>{motion}</p>}
        <div className="flota-taxi-popup__actions">
          <p className="flota-taxi-popup__toggle">
            <input id={trailId} type="checkbox" checked={showTrail} onChange={onToggleTrail} />
            <label htmlFor={trailId}>Mostrar recorrido</label>
          </p>
          <button type="button" className="flota-button flota-button--secondary flota-taxi-popup__follow" aria-pressed={following} onClick={onToggleFollow}>
            Seguir
          </button>
          <Link className="flota-button flota-button--secondary flota-taxi-popup__follow" to={`/dashboard/history/${shift.id}/replay`}>
            Reproducir turno
          </Link>
        </div>
      </div>
    </Popup>
  );
}
