/**
 * The map core's geometry, shared by every map screen (live map, history, what comes next): pure,
 * tested without MapLibre. GeoJSON positions are [longitude, latitude].
 */
import type { Feature, LineString } from 'geojson';

export type LngLat = [longitude: number, latitude: number];
/** [[west, south], [east, north]], as MapLibre's fitBounds takes it. */
export type LngLatBounds = [LngLat, LngLat];

/** MapLibre's Web Mercator world is this many pixels wide at zoom 0 (its tiles are 512 px). */
export const WORLD_PIXELS_AT_ZOOM_0 = 512;

/** A polyline through the positions in their order. */
export function polyline(coordinates: LngLat[]): Feature<LineString> {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } };
}

/** The smallest box holding every position; null when there is none. */
export function boundsOf(positions: Iterable<LngLat | null>): LngLatBounds | null {
  let bounds: LngLatBounds | null = null;
  for (const position of positions) {
    if (!position) continue;
    const [lng, lat] = position;
    if (!bounds) bounds = [[lng, lat], [lng, lat]];
    else bounds = [[Math.min(bounds[0][0], lng), Math.min(bounds[0][1], lat)], [Math.max(bounds[1][0], lng), Math.max(bounds[1][1], lat)]];
  }
  return bounds;
}
