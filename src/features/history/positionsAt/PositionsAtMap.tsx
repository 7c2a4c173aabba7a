/** Every taxi where it was at the picked time, its driver on the marker. Lazily loaded with MapLibre. */
import { useMemo } from 'react';
import { Marker } from 'react-map-gl/maplibre';
import type { PositionAt } from '../../../../contract/replay';
import { useAppSelector } from '../../../app/hooks';
import { selectColorScheme } from '../../../components/theme/themeSlice';
import { boundsOf } from '../../../lib/map/geometry';
import { MapShell } from '../../../lib/map/MapShell';
import { rasterStyle } from '../../../lib/map/rasterStyle';

export default function PositionsAtMap({ positions }: { positions: PositionAt[] }) {
  const tileUrl = useAppSelector((state) => state.config.tileUrl);
  const tileAttribution = useAppSelector((state) => state.config.tileAttribution);
  const colorScheme = useAppSelector(selectColorScheme);
  const mapStyle = useMemo(() => rasterStyle(tileUrl, tileAttribution, colorScheme), [tileUrl, tileAttribution, colorScheme]);
  const bounds = useMemo(() => boundsOf(positions.map((position) => [position.longitude, position.latitude] as [number, number])), [positions]);
  if (!bounds) return null;
  return (
    <MapShell key={JSON.stringify(bounds)} mapStyle={mapStyle} compactAttribution initialViewState={{ bounds, fitBoundsOptions: { padding: 60, maxZoom: 15 } }}>
      {positions.map((position) => (
        <Marker key={position.shift_id} longitude={position.longitude} latitude={position.latitude} anchor="bottom">
          <span className="flota-positions-at__pin">{position.driver_name}</span>
        </Marker>
      ))}
    </MapShell>
  );
}
