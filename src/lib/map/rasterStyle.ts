/** A MapLibre style with one raster layer of OpenStreetMap-style tiles, from the runtime tile URL. */
import type { RasterLayerSpecification, StyleSpecification } from 'maplibre-gl';

/** The app's colour scheme (data-theme): at night the bright tiles are dimmed and greyed to match. */
export type MapColorScheme = 'light' | 'dark';

const tilePaint: Record<MapColorScheme, RasterLayerSpecification['paint']> = {
  light: {},
  dark: { 'raster-brightness-max': 0.62, 'raster-saturation': -0.45, 'raster-contrast': 0.1 },
};

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
    layers: [{ id: 'osm', type: 'raster', source: 'osm', paint: tilePaint[colorScheme] }],
  };
}
