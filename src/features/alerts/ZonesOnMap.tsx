/**
 * The fleet's zones as a layer another screen's map can show (the live map, the dispatch map),
 * with a "Zonas" toggle over the map. The choice is remembered per user; the zones are read only
 * while shown. Every desk role reads the zones (only the Dueño and the Administrador change them), so
 * the Operador who watches the map sees them too.
 */
import { useUserPreference } from '../../app/hooks';
import { ZoneLayer } from '../../components/map/ZoneLayer';
import { useGetZonesQuery } from './alertsApi';
import './zones.css';

const SHOWN = ['si', 'no'] as const;

export function ZonesOnMap({ id, belowLayerId }: { id: string; belowLayerId: string | undefined }) {
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
