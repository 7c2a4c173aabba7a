/**
 * The fleet's taxis: one clustered GeoJSON source (filled with diffs by the glide, taxiGlide.ts, never
 * through React) and its three layers: clusters, their counts, single taxis.
 */
import type { FeatureCollection } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, clusterCountLayer, clusterLayer, FLEET_SOURCE, taxiLayer } from './taxiLayerStyles';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function FleetPositions({ iconsReady }: { iconsReady: boolean }) {
  return (
    <Source
      id={FLEET_SOURCE}
      type="geojson"
      data={EMPTY}
      cluster
      clusterRadius={CLUSTER_RADIUS}
      clusterMaxZoom={CLUSTER_MAX_ZOOM}
      // Tiles must exist beyond the last clustered zoom, or its groups are stretched over every closer zoom.
      maxzoom={CLUSTER_MAX_ZOOM + 1}
    >
      {iconsReady && <Layer {...clusterLayer} />}
      {iconsReady && <Layer {...clusterCountLayer} />}
      {iconsReady && <Layer {...taxiLayer} />}
    </Source>
  );
}
