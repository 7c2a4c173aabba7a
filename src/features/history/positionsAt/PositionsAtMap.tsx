/** Every taxi where it was at the picked time, drawn as every map draws taxis, its driver's name under it. Lazily loaded with MapLibre. */
import { useMemo } from 'react';
import type { PositionAt } from '../../../../contract/replay';
import { useAppSelector } from '../../../app/hooks';
import { TaxiLayer } from '../../../components/map/TaxiLayer';
import { useTaxiIcons } from '../../../components/map/useTaxiIcons';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { boundsOf } from '../../../lib/map/geometry';
import { MapShell } from '../../../lib/map/MapShell';
import { useBaseMapStyle } from '../../../lib/map/baseMapStyle';
import { taxiMarkers } from '../../../lib/map/taxiFeatures';

export default function PositionsAtMap({ positions }: { positions: PositionAt[] }) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useBaseMapStyle(tileUrl, tileAttribution, colorScheme);
  const icons = useTaxiIcons();
  // A past position: its availability then is not known (yellow), nor is it a live one to grey out.
  const taxis = useMemo(() => taxiMarkers(positions, (position) => [position.longitude, position.latitude], (position) => ({ number: position.shift_id, stale: false, label: position.driver_name })), [positions]);
  const bounds = useMemo(() => boundsOf(positions.map((position) => [position.longitude, position.latitude] as [number, number])), [positions]);
  if (!bounds) return null;
  return (
    <MapShell
      title="Mapa de posiciones a una hora"
      key={JSON.stringify(bounds)}
      mapStyle={mapStyle}
      compactAttribution
      initialViewState={{ bounds, fitBoundsOptions: { padding: 60, maxZoom: 15 } }}
      onLoad={(event) => icons.load(event.target)}
    >
      <TaxiLayer id="positions-at" data={taxis} iconsReady={icons.ready} label="name" />
    </MapShell>
  );
}
