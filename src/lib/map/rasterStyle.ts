/**
 * A MapLibre style with one raster layer, from the runtime tile URL: OpenStreetMap-style tiles
 * ({z}/{x}/{y}), or a PMTiles archive (`pmtiles://…`, read through the protocol maplibre.ts adds)
 * that an intranet serves itself (TILES_PMTILES).
 */
import type { RasterLayerSpecification, RasterSourceSpecification, StyleSpecification } from 'maplibre-gl';

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
/** The tiles' source id in rasterStyle(): MapShell watches it to tell when no base map loads. */
export const TILE_SOURCE_ID = 'osm';

export const PMTILES_PREFIX = 'pmtiles://';

export function isPmtilesUrl(tileUrl: string): boolean {
  return tileUrl.startsWith(PMTILES_PREFIX);
}

/**
 * `pmtiles:///tiles/region.pmtiles` (config.json's, a path on Flota's own origin) made absolute
 * against the page: the protocol fetches the archive by that URL and names its tiles after it.
 */
export function resolvePmtilesUrl(tileUrl: string, base: string): string {
  return PMTILES_PREFIX + new URL(tileUrl.slice(PMTILES_PREFIX.length), base).href;
}

function tileSource(tileUrl: string, attribution: string): RasterSourceSpecification {
  if (isPmtilesUrl(tileUrl)) {
    // The archive's header gives its zoom range and bounds (the protocol answers as a TileJSON).
    return { type: 'raster', url: resolvePmtilesUrl(tileUrl, globalThis.document?.baseURI ?? 'http://localhost/'), tileSize: 256, attribution };
  }
  // {s} subdomains are not part of the XYZ template MapLibre understands; OSM no longer needs them.
  return { type: 'raster', tiles: [tileUrl.replace('{s}.', '')], tileSize: 256, maxzoom: 19, attribution };
}

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
    sources: { [TILE_SOURCE_ID]: tileSource(tileUrl, attribution) },
    layers: [{ id: TILE_LAYER_ID, type: 'raster', source: TILE_SOURCE_ID, paint: tilePaint[colorScheme] }],
  };
}
