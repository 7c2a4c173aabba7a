/**
 * The style of a vector PMTiles archive (an operator's `pmtiles extract` of the Protomaps basemap):
 * the Protomaps layers (@protomaps/basemaps) in Spanish, light or dark with the app's theme, and
 * glyphs and sprite from Flota's own build (webpack/mapAssets: dist/map/), so nothing is fetched
 * from outside the intranet. A chunk of its own: only a vector archive loads it.
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import type { MapColorScheme } from './rasterStyle';
import { TILE_SOURCE_ID } from './rasterStyle';

declare const __webpack_public_path__: string | undefined;

/** Where the build put its files (the app's root, or /embed/ for flota.js), as an absolute URL. */
function buildBase(): string {
  const base = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== '' ? __webpack_public_path__ : '/';
  return new URL(base, globalThis.document?.baseURI ?? 'http://localhost/').href;
}

/** The glyph and sprite URLs of the build: `{fontstack}` and `{range}` are MapLibre's to fill. */
export function mapAssetUrls(base = buildBase()): { glyphs: string; sprite: string } {
  return { glyphs: `${base}map/fonts/{fontstack}/{range}.pbf`, sprite: `${base}map/sprite` };
}

function basemapLayers(colorScheme: MapColorScheme): LayerSpecification[] {
  return layers(TILE_SOURCE_ID, namedFlavor(colorScheme), { lang: 'es' }) as LayerSpecification[];
}

/** `archiveUrl`: `pmtiles://` and the archive's absolute URL. */
export function vectorStyle(archiveUrl: string, attribution: string, colorScheme: MapColorScheme = 'light'): StyleSpecification {
  return {
    version: 8,
    ...mapAssetUrls(),
    sources: { [TILE_SOURCE_ID]: { type: 'vector', url: archiveUrl, attribution } },
    layers: basemapLayers(colorScheme),
  };
}

interface RecolourableMap {
  getLayer(id: string): unknown;
  setPaintProperty(layer: string, name: string, value: unknown): void;
}

/**
 * Recolours a drawn map in place, as the raster style's dimming does: the light and dark flavours
 * have the same layers, told apart by their paint only, so the app's own layers stay untouched.
 */
export function applyVectorColorScheme(map: RecolourableMap, colorScheme: MapColorScheme): void {
  const other = basemapLayers(colorScheme === 'light' ? 'dark' : 'light');
  for (const layer of basemapLayers(colorScheme)) {
    if (!map.getLayer(layer.id)) continue;
    const paint = (layer.paint ?? {}) as Record<string, unknown>;
    const otherPaint = ((other.find((candidate) => candidate.id === layer.id)?.paint ?? {}) as Record<string, unknown>);
    // A property only the other flavour sets goes back to MapLibre's default (undefined).
    for (const name of new Set([...Object.keys(paint), ...Object.keys(otherPaint)])) map.setPaintProperty(layer.id, name, paint[name]);
  }
}
