/** Pure map geometry: the taxis' GeoJSON, the bounds that fit them, where the map starts. */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { LocationPoint } from '../../../contract/entities';
import type { LngLat } from './liveMapSlice';
import type { TaxiRow } from './taxiRows';

/** About La Ligua: where the map starts when no driver has a position. */
export const DEFAULT_CENTER: LngLat = [-71.2264, -32.4519];

export interface TaxiFeatureProperties {
  shiftId: number;
  number: number;
  stale: boolean;
  selected: boolean;
}

export type TaxiFeatureCollection = FeatureCollection<Point, TaxiFeatureProperties>;

/** One point per located taxi, for the one GeoJSON source the symbol layer draws. */
export function taxisGeoJson(rows: readonly TaxiRow[], selectedShiftId: number | null): TaxiFeatureCollection {
  const features: Feature<Point, TaxiFeatureProperties>[] = [];
  for (const row of rows) {
    if (!row.position) continue;
    features.push({
      type: 'Feature',
      id: row.shift.id,
      geometry: { type: 'Point', coordinates: row.position },
      properties: { shiftId: row.shift.id, number: row.number, stale: row.stale, selected: row.shift.id === selectedShiftId },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** [[west, south], [east, north]] around every position, or null when there is none. */
export function positionsBounds(rows: readonly TaxiRow[]): [LngLat, LngLat] | null {
  let bounds: [LngLat, LngLat] | null = null;
  for (const { position } of rows) {
    if (!position) continue;
    const [lng, lat] = position;
    if (!bounds) bounds = [[lng, lat], [lng, lat]];
    else bounds = [[Math.min(bounds[0][0], lng), Math.min(bounds[0][1], lat)], [Math.max(bounds[1][0], lng), Math.max(bounds[1][1], lat)]];
  }
  return bounds;
}

/** The first located driver's position, else the default centre. */
export function initialCenter(rows: readonly TaxiRow[]): LngLat {
  return rows.find((row) => row.position)?.position ?? DEFAULT_CENTER;
}

/** The selected shift's path as a line, ending at its latest live position when that is newer. */
export function trailGeoJson(points: readonly LocationPoint[], latest: LocationPoint | null): Feature<LineString> {
  const coordinates = points.map((point): LngLat => [point.longitude, point.latitude]);
  const last = points[points.length - 1];
  if (latest && (!last || Date.parse(latest.timestamp) > Date.parse(last.timestamp))) coordinates.push([latest.longitude, latest.latitude]);
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } };
}

/** Whether two camera positions are the same view, give or take rounding (about 1 cm, 0.001 zoom). */
export function isSameView(a: { center: LngLat; zoom: number }, b: { center: LngLat; zoom: number }): boolean {
  const EPSILON_DEGREES = 1e-7;
  return (
    Math.abs(a.center[0] - b.center[0]) < EPSILON_DEGREES &&
    Math.abs(a.center[1] - b.center[1]) < EPSILON_DEGREES &&
    Math.abs(a.zoom - b.zoom) < 1e-3
  );
}
