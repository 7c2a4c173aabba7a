/**
 * The taxis' MapLibre layers, for any source of taxi markers (lib/map/taxiFeatures.ts). Taxis closer
 * than a marker's width may be grouped into a count (MapLibre's own GeoJSON clustering) until street
 * zoom, so no number is drawn over another taxi; a selected taxi is drawn larger.
 */
import type { ExpressionSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import type { LayerProps } from 'react-map-gl/maplibre';
import { TAXI_ICON, TAXI_ICON_BUSY, TAXI_ICON_OFF, TAXI_ICON_STALE, TAXI_NUMBER_OFFSET } from '../../lib/map/taxiIcon';

/** Markers are 50 px: closer than that they would cover each other's numbers. */
export const CLUSTER_RADIUS = 50;
/** Beyond this zoom (a few metres per marker) nothing is grouped any more. */
export const CLUSTER_MAX_ZOOM = 19;

/** What is written on a taxi: its number ('#12'), a rank ('1'), its driver's name under it, or nothing (a DOM tag beside it says more). */
export type TaxiLabel = 'number' | 'rank' | 'name' | 'none';

/** The ids of a taxi source's layers: the symbol layer takes the source's id. */
export function taxiLayerIds(source: string) {
  return { taxis: source, clusters: `${source}-clusters`, clusterCounts: `${source}-cluster-counts` };
}

export function clusterLayer(source: string): LayerProps {
  return {
    id: taxiLayerIds(source).clusters,
    type: 'circle',
    filter: ['has', 'point_count'],
    paint: {
      // Blue, unlike any taxi: a group never reads as one more taxi.
      'circle-color': '#1d4ed8',
      'circle-radius': ['step', ['get', 'point_count'], 18, 10, 22, 100, 27, 1000, 32],
      'circle-stroke-width': 3,
      'circle-stroke-color': '#ffffff',
    },
  };
}

export function clusterCountLayer(source: string): LayerProps {
  return {
    id: taxiLayerIds(source).clusterCounts,
    type: 'symbol',
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-size': 14,
      'text-allow-overlap': true,
      'text-ignore-placement': true,
    },
    paint: { 'text-color': '#ffffff' },
  };
}

// Grey without signal; otherwise the availability's colour (yellow: Libre or not known).
const iconImage: ExpressionSpecification = [
  'case',
  ['get', 'stale'],
  TAXI_ICON_STALE,
  ['==', ['get', 'availability'], 'ocupado'],
  TAXI_ICON_BUSY,
  ['==', ['get', 'availability'], 'fuera_de_servicio'],
  TAXI_ICON_OFF,
  TAXI_ICON,
];

const onBand: SymbolLayerSpecification['layout'] = { 'text-size': 12, 'text-offset': TAXI_NUMBER_OFFSET };
const labelLayout: Record<TaxiLabel, SymbolLayerSpecification['layout']> = {
  number: { ...onBand, 'text-field': ['concat', '#', ['to-string', ['get', 'number']]] },
  rank: { ...onBand, 'text-field': ['to-string', ['get', 'number']], 'text-size': 14 },
  // Under the 50-px marker (half of it is 25 px, 2.2 ems of 12 px), in dark text on a light halo.
  // Names are long: where they would collide only the first is written (every taxi still drawn),
  // the others appear as the user zooms in, instead of a knot of overprinted names.
  name: { 'text-field': ['get', 'label'], 'text-size': 12, 'text-anchor': 'top', 'text-offset': [0, 2.2], 'text-allow-overlap': false, 'text-ignore-placement': false, 'text-optional': true },
  none: {},
};
const labelPaint: Record<TaxiLabel, SymbolLayerSpecification['paint']> = {
  number: { 'text-color': '#ffffff' },
  rank: { 'text-color': '#ffffff' },
  name: { 'text-color': '#0f1f33', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  none: {},
};

export function taxiLayer(source: string, { label = 'number', selected = false, clustered = false }: { label?: TaxiLabel; selected?: boolean; clustered?: boolean } = {}): LayerProps {
  const layout: SymbolLayerSpecification['layout'] = {
    'icon-image': iconImage,
    'icon-allow-overlap': true,
    'icon-ignore-placement': true,
    'text-allow-overlap': true,
    'text-ignore-placement': true,
    ...labelLayout[label],
  };
  return {
    id: taxiLayerIds(source).taxis,
    type: 'symbol',
    ...(clustered ? { filter: ['!', ['has', 'point_count']] } : {}),
    layout: selected ? { ...layout, 'icon-size': 1.2, 'text-size': 14, 'text-offset': [TAXI_NUMBER_OFFSET[0], TAXI_NUMBER_OFFSET[1] * 1.1] } : layout,
    paint: labelPaint[label],
  } as LayerProps;
}
