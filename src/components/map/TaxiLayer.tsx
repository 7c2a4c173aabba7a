/**
 * Taxis as one GeoJSON source with a symbol layer (the 50x50 taxi icon, its number on the band), as
 * traccar-web's MapPositions: the live map's fleet (clustered) and selected taxi, Despacho's
 * candidates, where every taxi was at a moment. Without `data` the source starts empty and is fed
 * by diffs through map.getSource(id) (the live map's glide), never through React.
 */
import type { FeatureCollection } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { TaxiMarkerCollection } from '../../lib/map/taxiFeatures';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, clusterCountLayer, clusterLayer, taxiLayer, type TaxiLabel } from './taxiLayerStyles';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

interface TaxiLayerProps {
  /** The source's id (and its symbol layer's; see taxiLayerIds). */
  id: string;
  data?: TaxiMarkerCollection;
  /** The icons are on the map (useTaxiIcons): the layers wait for them. */
  iconsReady: boolean;
  /** Taxis closer than a marker are grouped into a count until street zoom. */
  cluster?: boolean;
  /** Drawn larger: the one taxi the user picked. */
  selected?: boolean;
  label?: TaxiLabel;
}

export function TaxiLayer({ id, data, iconsReady, cluster = false, selected = false, label }: TaxiLayerProps) {
  const clusterProps = cluster
    ? {
        cluster: true,
        clusterRadius: CLUSTER_RADIUS,
        clusterMaxZoom: CLUSTER_MAX_ZOOM,
        // Tiles must exist beyond the last clustered zoom, or its groups are stretched over every closer zoom.
        maxzoom: CLUSTER_MAX_ZOOM + 1,
      }
    : {};
  return (
    <Source id={id} type="geojson" data={data ?? EMPTY} {...clusterProps}>
      {iconsReady && cluster && <Layer {...clusterLayer(id)} />}
      {iconsReady && cluster && <Layer {...clusterCountLayer(id)} />}
      {iconsReady && <Layer {...taxiLayer(id, { label, selected, clustered: cluster })} />}
    </Source>
  );
}
