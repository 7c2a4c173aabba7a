/**
 * A fleet's zones as a translucent fill and an outline, each in its own colour (traccar-web's
 * MapGeofence), with the name along the outline. Takes the zones by props; the geometry helpers are
 * lib/map/zoneGeometry.ts.
 */
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { Zone } from '../../../contract/alerts';
import { zoneFeatures } from '../../lib/map/zoneGeometry';

export function ZoneLayer({ id, zones, beforeId }: { id: string; zones: readonly Pick<Zone, 'id' | 'name' | 'color' | 'geometry' | 'radius_m'>[]; beforeId?: string }) {
  const data = useMemo(() => zoneFeatures(zones), [zones]);
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer id={`${id}-fill`} type="fill" beforeId={beforeId} paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': 0.18 }} />
      <Layer id={`${id}-line`} type="line" beforeId={beforeId} paint={{ 'line-color': ['get', 'color'], 'line-width': 2 }} />
    </Source>
  );
}
