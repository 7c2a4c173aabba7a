/**
 * Zones as the map draws them: a polygon as it is, a circle as a 64-sided polygon around its centre
 * (GeoJSON has no circle; the server keeps centre and radius). And back: a drawn circle (a ring
 * around a centre, as terra-draw gives it) to its centre and radius.
 */
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { Zone, ZoneGeometry } from '../../../contract/alerts';

const METRES_PER_DEGREE = 111_320;

export function circleRing([lng, lat]: [number, number], radiusM: number, sides = 64): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i <= sides; i += 1) {
    const angle = (i / sides) * 2 * Math.PI;
    ring.push([lng + (radiusM * Math.cos(angle)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)), lat + (radiusM * Math.sin(angle)) / METRES_PER_DEGREE]);
  }
  return ring;
}

export function zonePolygon(geometry: ZoneGeometry, radiusM: number | null): Polygon {
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates };
  return { type: 'Polygon', coordinates: [circleRing(geometry.coordinates, radiusM ?? 0)] };
}

export function zoneFeatures(zones: readonly Pick<Zone, 'id' | 'name' | 'color' | 'geometry' | 'radius_m'>[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: zones.map((zone): Feature<Polygon> => ({ type: 'Feature', id: zone.id, properties: { name: zone.name, color: zone.color }, geometry: zonePolygon(zone.geometry, zone.radius_m) })),
  };
}

/** A drawn circle's ring → its centre (the vertices' mean) and radius (the mean distance to them), in metres. */
export function circleFromRing(ring: readonly (readonly number[])[]): { center: [number, number]; radiusM: number } {
  const points = ring.slice(0, -1);
  const lng = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const lat = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  const cos = Math.cos((lat * Math.PI) / 180);
  const radius = points.reduce((sum, p) => sum + Math.hypot((p[0] - lng) * METRES_PER_DEGREE * cos, (p[1] - lat) * METRES_PER_DEGREE), 0) / points.length;
  return { center: [lng, lat], radiusM: Math.round(radius) };
}
