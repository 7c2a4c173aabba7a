/**
 * Which style draws the base map. Tile URLs ({z}/{x}/{y}) and raster PMTiles archives: the raster
 * style (rasterStyle.ts). A PMTiles archive whose header says its tiles are vector (MVT): the
 * Protomaps layers with the build's glyphs and sprite (vectorStyle.ts, loaded only then). The
 * archive's header is read once per page; when it cannot be read the raster style is used, whose
 * tiles then fail too and the map says "Mapa base no disponible" (MapShell).
 */
import { useEffect, useMemo, useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { TileType, type PMTiles } from 'pmtiles';
import { pmtilesArchive } from './pmtilesArchives';
import type * as VectorStyles from './vectorStyle';
import { applyTileColorScheme as applyRasterColorScheme, isPmtilesUrl, PMTILES_PREFIX, rasterStyle, resolvePmtilesUrl, TILE_LAYER_ID, TILE_SOURCE_ID, type MapColorScheme } from './rasterStyle';

type VectorStyleModule = typeof VectorStyles;

export type BaseMapKind = { type: 'raster' } | { type: 'vector'; styles: VectorStyleModule };

const RASTER: BaseMapKind = { type: 'raster' };
/** By tile URL: every map of the page asks, the header is read once. */
const kinds = new Map<string, Promise<BaseMapKind>>();
const known = new Map<string, BaseMapKind>();
/** Set once a vector archive's style module is loaded: what recolours and hides its layers. */
let vectorStyles: VectorStyleModule | null = null;

/** What an archive's header says its tiles are: MVT is vector; PNG, JPEG, WebP, AVIF and unknown are drawn as raster. */
export async function archiveKind(archive: Pick<PMTiles, 'getHeader'>): Promise<BaseMapKind> {
  const header = await archive.getHeader();
  if (header.tileType !== TileType.Mvt) return RASTER;
  vectorStyles ??= await import(/* webpackChunkName: "vector-style" */ './vectorStyle');
  return { type: 'vector', styles: vectorStyles };
}

function absoluteArchiveUrl(tileUrl: string): string {
  return resolvePmtilesUrl(tileUrl, globalThis.document?.baseURI ?? 'http://localhost/');
}

/** The kind of base map `tileUrl` gives, read (and remembered) from the archive's header when it is one. */
export function baseMapKind(tileUrl: string): Promise<BaseMapKind> {
  if (!isPmtilesUrl(tileUrl)) return Promise.resolve(RASTER);
  let kind = kinds.get(tileUrl);
  if (!kind) {
    kind = archiveKind(pmtilesArchive(absoluteArchiveUrl(tileUrl).slice(PMTILES_PREFIX.length))).catch(() => RASTER);
    kind.then((resolved) => known.set(tileUrl, resolved), () => undefined);
    kinds.set(tileUrl, kind);
  }
  return kind;
}

/** The kind, at once when it is known (every tile URL but an archive not read yet), else null until it is. */
export function useBaseMapKind(tileUrl: string): BaseMapKind | null {
  const immediate = isPmtilesUrl(tileUrl) ? (known.get(tileUrl) ?? null) : RASTER;
  const [read, setRead] = useState<{ tileUrl: string; kind: BaseMapKind } | null>(null);
  useEffect(() => {
    if (immediate) return;
    let current = true;
    void baseMapKind(tileUrl).then((kind) => {
      if (current) setRead({ tileUrl, kind });
    });
    return () => {
      current = false;
    };
  }, [tileUrl, immediate]);
  return immediate ?? (read?.tileUrl === tileUrl ? read.kind : null);
}

export function baseMapStyle(kind: BaseMapKind, tileUrl: string, attribution: string, colorScheme: MapColorScheme = 'light'): StyleSpecification {
  if (kind.type === 'raster') return rasterStyle(tileUrl, attribution, colorScheme);
  return kind.styles.vectorStyle(absoluteArchiveUrl(tileUrl), attribution, colorScheme);
}

/** The base map's style for `tileUrl`, or null while an archive's header is being read. */
export function useBaseMapStyle(tileUrl: string, attribution: string, colorScheme: MapColorScheme = 'light'): StyleSpecification | null {
  const kind = useBaseMapKind(tileUrl);
  return useMemo(() => (kind ? baseMapStyle(kind, tileUrl, attribution, colorScheme) : null), [kind, tileUrl, attribution, colorScheme]);
}

interface StyledMap {
  getLayersOrder(): string[];
  getLayer(id: string): { type: string; source?: string; visibility?: unknown } | undefined;
  setPaintProperty(layer: string, name: string, value: unknown): void;
  setLayoutProperty(layer: string, name: string, value: unknown): void;
}

/** Recolours the base map of a drawn map in place for the app's theme, raster or vector. */
export function applyTileColorScheme(map: StyledMap, colorScheme: MapColorScheme): void {
  if (map.getLayer(TILE_LAYER_ID)?.type === 'raster') applyRasterColorScheme(map, colorScheme);
  else if (vectorStyles) vectorStyles.applyVectorColorScheme(map, colorScheme);
}

/** The ids of the layers drawn from the base map's tiles (not getStyle(): it would copy every GeoJSON source). */
function tileLayers(map: Pick<StyledMap, 'getLayersOrder' | 'getLayer'>): string[] {
  return map.getLayersOrder().filter((id) => map.getLayer(id)?.source === TILE_SOURCE_ID);
}

/** Shows or hides the base map's tiles (the replay hides them while its trail downloads). */
export function setBaseMapVisible(map: StyledMap, visible: boolean): void {
  for (const id of tileLayers(map)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
}

/** Whether any of the base map's tiles are meant to be seen: hidden ones are not awaited. */
export function isBaseMapShown(map: Pick<StyledMap, 'getLayersOrder' | 'getLayer'>): boolean {
  return tileLayers(map).some((id) => map.getLayer(id)?.visibility !== 'none');
}
