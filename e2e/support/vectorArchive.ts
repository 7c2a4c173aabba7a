/**
 * A small vector PMTiles archive around La Ligua in the Protomaps basemap schema (the layers an
 * operator's `pmtiles extract` of the Protomaps build has): land (`earth`), the sea west of the town
 * (`water`), a major road through it (`roads`) and the town's label (`places`). Encoded as MVT by
 * vt-pbf, written by pmtilesArchive.ts; MapLibre overzooms past z12. The shapes are boxes, a
 * straight road and a point, so cutting them to a tile is clamping: no geojson-vt needed (its
 * package loads as an empty module under Playwright's CommonJS).
 */
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { tileAt, writePmtilesArchive, type ArchiveTile } from '../../server/tools/testing/pmtilesArchive';

export const LA_LIGUA = { longitude: -71.2264, latitude: -32.4519 };
/** The archive's box [west, south, east, north]; the sea is west of COAST. */
const BOX: [number, number, number, number] = [-71.8, -32.9, -70.7, -32.0];
const COAST = LA_LIGUA.longitude;
const MAX_ZOOM = 12;
const EXTENT = 4096;
/** How far past its edge a tile's shapes reach, in tile units: no seam where tiles meet. */
const BUFFER = 64;

type Layers = Parameters<typeof fromGeojsonVt>[0];
/** What vt-pbf reads of a geojson-vt tile's feature: a point's [x, y]s, a line's or a polygon's rings. */
type TileFeature = { type: 1; tags: Record<string, unknown>; geometry: [number, number][] } | { type: 2 | 3; tags: Record<string, unknown>; geometry: [number, number][][] };

/** A point in the tile's units (0..EXTENT across it), Web Mercator. */
function project(longitude: number, latitude: number, z: number, x: number, y: number): [number, number] {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  const worldX = ((longitude + 180) / 360) * n;
  const worldY = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return [Math.round((worldX - x) * EXTENT), Math.round((worldY - y) * EXTENT)];
}

const clamp = (value: number) => Math.max(-BUFFER, Math.min(EXTENT + BUFFER, value));

/** Each source layer's features in one tile, as Protomaps names their layers and `kind`s. */
function tileLayers(z: number, x: number, y: number): Record<string, { features: TileFeature[] }> {
  const at = (longitude: number, latitude: number) => project(longitude, latitude, z, x, y);
  const box = (west: number, south: number, east: number, north: number, tags: Record<string, unknown>): TileFeature => {
    const [left, top] = at(west, north).map(clamp);
    const [right, bottom] = at(east, south).map(clamp);
    // Clockwise on screen (y down): an outer ring, as MVT wants it.
    return { type: 3, tags, geometry: [[[left, top], [right, top], [right, bottom], [left, bottom], [left, top]]] };
  };
  const [west, south, east, north] = BOX;
  const roadY = LA_LIGUA.latitude - 0.004;
  const [roadStart, roadEnd] = [at(COAST, roadY), at(east, roadY)].map(([px, py]): [number, number] => [clamp(px), py]);
  // North-east of the town, where the live map's first view has no taxi over it.
  const town = at(LA_LIGUA.longitude + 0.0055, LA_LIGUA.latitude + 0.006);
  const inside = (value: number) => value >= 0 && value < EXTENT;
  const layer = (...features: TileFeature[]) => ({ features });
  return {
    earth: layer(box(COAST, south, east, north, { kind: 'earth' })),
    water: layer(box(west, south, COAST, north, { kind: 'ocean' })),
    roads: layer(...(Math.abs(roadStart[1] - EXTENT / 2) <= EXTENT / 2 + BUFFER ? [{ type: 2 as const, tags: { kind: 'major_road', name: 'Avenida Ortiz de Rozas', min_zoom: 7 }, geometry: [[roadStart, roadEnd]] }] : [])),
    places: layer(...(inside(town[0]) && inside(town[1]) ? [{ type: 1 as const, tags: { kind: 'locality', name: 'La Ligua', min_zoom: 8, population_rank: 9 }, geometry: [town] }] : [])),
  };
}

/** Every tile from z0 to z12 over the box. */
export function vectorTiles(): ArchiveTile[] {
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= MAX_ZOOM; z += 1) {
    const northWest = tileAt(BOX[0], BOX[3], z);
    const southEast = tileAt(BOX[2], BOX[1], z);
    for (let x = northWest.x; x <= southEast.x; x += 1) {
      for (let y = northWest.y; y <= southEast.y; y += 1) tiles.push({ z, x, y, data: Buffer.from(fromGeojsonVt(tileLayers(z, x, y) as unknown as Layers, { version: 2, extent: EXTENT })) });
    }
  }
  return tiles;
}

export function writeVectorArchive(file: string): void {
  writePmtilesArchive(file, vectorTiles(), { tileType: 'mvt', bounds: BOX });
}
