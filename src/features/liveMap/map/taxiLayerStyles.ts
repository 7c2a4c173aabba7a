/**
 * The taxis' MapLibre sources and layers. Taxis closer than a marker's width are grouped into a
 * count (MapLibre's own GeoJSON clustering) until street zoom, so no number is drawn over another
 * taxi; the selected taxi has a source of its own and is never grouped.
 */
import type { SymbolLayerSpecification } from 'maplibre-gl';
import type { LayerProps } from 'react-map-gl/maplibre';
import { TAXI_ICON, TAXI_ICON_BUSY, TAXI_ICON_OFF, TAXI_ICON_STALE, TAXI_NUMBER_OFFSET } from './taxiIcon';

export const FLEET_SOURCE = 'taxis';
export const SELECTED_SOURCE = 'taxi-selected';
export const CLUSTER_LAYER = 'taxi-clusters';
export const CLUSTER_COUNT_LAYER = 'taxi-cluster-counts';
export const TAXI_LAYER = 'taxis';
export const SELECTED_LAYER = 'taxi-selected';

/** Markers are 50 px: closer than that they would cover each other's numbers. */
export const CLUSTER_RADIUS = 50;
/** Beyond this zoom (a few metres per marker) nothing is grouped any more. */
export const CLUSTER_MAX_ZOOM = 19;

export const clusterLayer: LayerProps = {
  id: CLUSTER_LAYER,
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

export const clusterCountLayer: LayerProps = {
  id: CLUSTER_COUNT_LAYER,
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

const taxiLayout: SymbolLayerSpecification['layout'] = {
  // Grey without signal; otherwise the availability's colour (yellow: Libre or not known).
  'icon-image': [
    'case',
    ['get', 'stale'],
    TAXI_ICON_STALE,
    ['==', ['get', 'availability'], 'ocupado'],
    TAXI_ICON_BUSY,
    ['==', ['get', 'availability'], 'fuera_de_servicio'],
    TAXI_ICON_OFF,
    TAXI_ICON,
  ],
  'icon-allow-overlap': true,
  'icon-ignore-placement': true,
  'text-field': ['concat', '#', ['to-string', ['get', 'number']]],
  'text-size': 12,
  'text-offset': TAXI_NUMBER_OFFSET,
  'text-allow-overlap': true,
  'text-ignore-placement': true,
};

export const taxiLayer: LayerProps = {
  id: TAXI_LAYER,
  type: 'symbol',
  filter: ['!', ['has', 'point_count']],
  layout: taxiLayout,
  paint: { 'text-color': '#ffffff' },
};

export const selectedLayer: LayerProps = {
  id: SELECTED_LAYER,
  type: 'symbol',
  layout: { ...taxiLayout, 'icon-size': 1.2, 'text-size': 14, 'text-offset': [TAXI_NUMBER_OFFSET[0], TAXI_NUMBER_OFFSET[1] * 1.1] },
  paint: { 'text-color': '#ffffff' },
};
