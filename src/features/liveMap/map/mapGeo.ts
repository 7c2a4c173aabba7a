/** Pure map geometry: the taxis' GeoJSON, the bounds that fit them, where the map starts. */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { LocationPoint } from '../../../../contract/entities';
import type { LngLat } from '../state/liveMapSlice';
import { boundsOf, polyline } from '../../../lib/map/geometry';
import type { TaxiMarkerProperties } from '../../../lib/map/taxiFeatures';
import type { TaxiRow } from '../state/taxiRows';

/** About La Ligua: where the map starts when no driver has a position. */
export const DEFAULT_CENTER: LngLat = [-71.2264, -32.4519];

/** A live-map taxi's marker (components/map/TaxiLayer draws it), with the shift a click selects. */
export interface TaxiFeatureProperties extends TaxiMarkerProperties {
  shiftId: number;
}

export type TaxiFeature = Feature<Point, TaxiFeatureProperties>;
export type TaxiFeatureCollection = FeatureCollection<Point, TaxiFeatureProperties>;

/** A located taxi as the map layer draws it: where it really is now, and what its marker says. */
export interface TaxiPoint {
  id: number;
  position: LngLat;
  properties: TaxiFeatureProperties;
}

/** One point per located taxi. While the connection is down (`offline`) every position is marked not current. */
export function taxiPoints(rows: readonly TaxiRow[], offline: boolean): TaxiPoint[] {
  const points: TaxiPoint[] = [];
  for (const row of rows) {
    if (!row.position) continue;
    points.push({ id: row.shift.id, position: row.position, properties: { shiftId: row.shift.id, number: row.number, stale: offline || row.stale, availability: row.availability ?? undefined } });
  }
  return points;
}

/** The GeoJSON feature of a taxi drawn at `at` (mid-glide) or at its real position. */
export function taxiFeature(point: TaxiPoint, at: LngLat = point.position): TaxiFeature {
  return { type: 'Feature', id: point.id, geometry: { type: 'Point', coordinates: at }, properties: point.properties };
}

export function samePosition(a: LngLat, b: LngLat): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export function sameTaxiProperties(a: TaxiFeatureProperties, b: TaxiFeatureProperties): boolean {
  return a.shiftId === b.shiftId && a.number === b.number && a.stale === b.stale && a.availability === b.availability;
}

/** [[west, south], [east, north]] around every position, or null when there is none. */
export function positionsBounds(rows: readonly TaxiRow[]): [LngLat, LngLat] | null {
  return boundsOf(rows.map((row) => row.position));
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
  return polyline(coordinates);
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
