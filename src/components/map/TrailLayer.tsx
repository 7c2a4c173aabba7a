/**
 * A route as a line (traccar-web's MapRoutePath): a shift's route in the history, the replay's
 * route coloured by speed, the live map's trail of the selected taxi.
 */
import type { Feature, FeatureCollection, LineString } from 'geojson';
import { Layer, Source } from 'react-map-gl/maplibre';

/** The app's route blue; a route coloured piece by piece names the property instead. */
export const TRAIL_COLOR = '#2f6fde';

interface TrailLayerProps {
  /** The source's id; its line layer is `${id}-line`. */
  id: string;
  data: Feature<LineString> | FeatureCollection<LineString>;
  /** Each piece's colour from this feature property (the replay's speed colours); otherwise TRAIL_COLOR. */
  colorProperty?: string;
  /** Below 1: the map under the line shows through (the live map's trail under the taxis). */
  opacity?: number;
  /** Drawn under this layer (the live map's taxis, once their layer exists). */
  beforeId?: string;
}

export function TrailLayer({ id, data, colorProperty, opacity, beforeId }: TrailLayerProps) {
  return (
    <Source id={id} type="geojson" data={data}>
      <Layer
        id={`${id}-line`}
        type="line"
        beforeId={beforeId}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{ 'line-color': colorProperty ? ['get', colorProperty] : TRAIL_COLOR, 'line-width': 4, ...(opacity === undefined ? {} : { 'line-opacity': opacity }) }}
      />
    </Source>
  );
}
