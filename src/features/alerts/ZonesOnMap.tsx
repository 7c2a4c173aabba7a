/**
 * The fleet's zones as a layer another screen's map can show (the live map, the dispatch map),
 * with a "Zonas" toggle over the map. The choice is remembered per user; the zones are read only
 * while shown. Zones are the Dueño's and the Administrador's (the API refuses other roles), so the
 * toggle is theirs alone.
 */
import { usePermissions, useUserPreference } from '../../app/hooks';
import { ZoneLayer } from '../../components/map/ZoneLayer';
import { useGetZonesQuery } from './alertsApi';
import './zones.css';

const SHOWN = ['si', 'no'] as const;

export function ZonesOnMap({ id, belowLayerId }: { id: string; belowLayerId: string | undefined }) {
  return usePermissions().manageFleet ? <ZonesToggle id={id} belowLayerId={belowLayerId} /> : null;
}

function ZonesToggle({ id, belowLayerId }: { id: string; belowLayerId: string | undefined }) {
  const [shown, setShown] = useUserPreference('mapZones', SHOWN, 'no');
  const on = shown === 'si';
  const { data, isError, isFetching } = useGetZonesQuery(undefined, { skip: !on });
  return (
    <>
      <div className="flota-zones-toggle">
        <button type="button" className="flota-button flota-button--secondary" aria-pressed={on} onClick={() => setShown(on ? 'no' : 'si')}>
          Zonas
        </button>
        {on && isError && !isFetching && (
          <span className="flota-zones-toggle__note" role="status">
            No se pudieron cargar las zonas
          </span>
        )}
        {on && data && data.zones.length === 0 && (
          <span className="flota-zones-toggle__note" role="status">
            Sin zonas
          </span>
        )}
      </div>
      {on && data && <ZoneLayer id={id} zones={data.zones} beforeId={belowLayerId} />}
    </>
  );
}
