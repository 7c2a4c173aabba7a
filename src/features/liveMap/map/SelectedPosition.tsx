/** The selected taxi, drawn above the clusters in a source of its own (fed by the glide, taxiGlide.ts). */
import type { FeatureCollection } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';
import { SELECTED_SOURCE, selectedLayer } from './taxiLayerStyles';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function SelectedPosition({ iconsReady }: { iconsReady: boolean }) {
  return (
    <Source id={SELECTED_SOURCE} type="geojson" data={EMPTY}>
      {iconsReady && <Layer {...selectedLayer} />}
    </Source>
  );
}
