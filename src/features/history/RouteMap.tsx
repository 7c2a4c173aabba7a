/**
 * A small map of one shift's route. Loaded lazily (React.lazy in RoutePanel) so that MapLibre stays
 * out of the main bundle.
 */
import { Marker } from 'react-map-gl/maplibre';
import { useAppSelector } from '../../app/hooks';
import { TrailLayer } from '../../components/map/TrailLayer';
import { selectColorScheme } from '../../components/theme/themeSlice';
import { MapShell } from '../../lib/map/MapShell';
import { useBaseMapStyle } from '../../lib/map/baseMapStyle';
import type { RouteGeometry } from './routeGeo';

const FIT_PADDING = 40;
/** A route of one point (or a few close ones) would otherwise zoom in to street furniture. */
const MAX_FIT_ZOOM = 16;

export default function RouteMap({ route }: { route: RouteGeometry }) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useBaseMapStyle(tileUrl, tileAttribution, colorScheme);

  return (
    <MapShell title="Mapa del recorrido" mapStyle={mapStyle} compactAttribution initialViewState={{ bounds: route.bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: MAX_FIT_ZOOM } }}>
      <TrailLayer id="shift-route" data={route.line} />
      {route.ends.map((end) => (
        <Marker key={end.kind} longitude={end.longitude} latitude={end.latitude} anchor="bottom">
          <span className={`flota-route-pin flota-route-pin--${end.kind}`}>{end.label}</span>
        </Marker>
      ))}
    </MapShell>
  );
}
