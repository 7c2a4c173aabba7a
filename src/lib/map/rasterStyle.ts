/** A MapLibre style with one raster layer of OpenStreetMap-style tiles, from the runtime tile URL. */
import type { RasterLayerSpecification, StyleSpecification } from 'maplibre-gl';

/** The app's colour scheme (data-theme): at night the bright tiles are dimmed and greyed to match. */
export type MapColorScheme = 'light' | 'dark';

const tilePaint: Record<MapColorScheme, RasterLayerSpecification['paint']> = {
  light: {},
  dark: { 'raster-brightness-max': 0.62, 'raster-saturation': -0.45, 'raster-contrast': 0.1 },
};
/** MapLibre's defaults of the paint properties the dark scheme changes. */
const neutralPaint = { 'raster-brightness-max': 1, 'raster-saturation': 0, 'raster-contrast': 0 } as const;

/** The tiles' layer id in rasterStyle(). */
export const TILE_LAYER_ID = 'osm';

/**
 * Recolours the tiles of a map already drawn, in place. A map whose other sources are fed by diffs
 * (the live map) must not get a new style: setStyle would drop those sources and what they held.
 */
export function applyTileColorScheme(map: { setPaintProperty(layer: string, name: string, value: unknown): void }, colorScheme: MapColorScheme): void {
  const paint = tilePaint[colorScheme] as Record<string, number>;
  for (const [name, neutral] of Object.entries(neutralPaint)) map.setPaintProperty(TILE_LAYER_ID, name, paint[name] ?? neutral);
}

export function rasterStyle(tileUrl: string, attribution: string, colorScheme: MapColorScheme = 'light'): StyleSpecification {
  return {
    version: 8,
    sources: {
      osm: {
        type: 'raster',
        // {s} subdomains are not part of the XYZ template MapLibre understands; OSM no longer needs them.
        tiles: [tileUrl.replace('{s}.', '')],
        tileSize: 256,
        maxzoom: 19,
        attribution,
      },
    },
    layers: [{ id: TILE_LAYER_ID, type: 'raster', source: 'osm', paint: tilePaint[colorScheme] }],
  };
}
