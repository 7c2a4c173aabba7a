/** A shift's route for the map, built from its recorded points (pure: tested without MapLibre). */
import type { Feature, LineString } from 'geojson';
import type { LocationPoint } from '../../../contract/entities';
import { boundsOf, polyline, type LngLatBounds } from '../../lib/map/geometry';

export type RouteEndKind = 'start' | 'end' | 'last';

export interface RouteEnd {
  kind: RouteEndKind;
  label: string;
  longitude: number;
  latitude: number;
}

export type RouteBounds = LngLatBounds;

export interface RouteGeometry {
  line: Feature<LineString>;
  ends: RouteEnd[];
  bounds: RouteBounds;
}

/** The line through the points in their order (GeoJSON positions are [longitude, latitude]). */
export function routeLine(points: LocationPoint[]): Feature<LineString> {
  return polyline(points.map((point) => [point.longitude, point.latitude]));
}

/**
 * Markers for the first point (Inicio) and the last one: Fin for a finished shift, Última posición
 * while it is still active. A single point is only its start.
 */
export function routeEnds(points: LocationPoint[], isActive: boolean): RouteEnd[] {
  if (points.length === 0) return [];
  const first = points[0];
  const ends: RouteEnd[] = [{ kind: 'start', label: 'Inicio', longitude: first.longitude, latitude: first.latitude }];
  if (points.length > 1) {
    const last = points[points.length - 1];
    ends.push(
      isActive
        ? { kind: 'last', label: 'Última posición', longitude: last.longitude, latitude: last.latitude }
        : { kind: 'end', label: 'Fin', longitude: last.longitude, latitude: last.latitude },
    );
  }
  return ends;
}

/** The smallest box holding every point; null without points. */
export function routeBounds(points: LocationPoint[]): RouteBounds | null {
  return boundsOf(points.map((point) => [point.longitude, point.latitude]));
}

/** Everything the route map draws; null when nothing was recorded. */
export function buildRoute(points: LocationPoint[], isActive: boolean): RouteGeometry | null {
  const bounds = routeBounds(points);
  return bounds && { line: routeLine(points), ends: routeEnds(points, isActive), bounds };
}
