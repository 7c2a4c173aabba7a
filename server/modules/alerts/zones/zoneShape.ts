/**
 * The server's checks of a zone's shape beyond its schema (contract/alerts.ts): a polygon's ring is
 * closed, has 3+ distinct vertices, does not cross itself (@turf/kinks; checked first: a bow tie's
 * signed halves cancel to no area) and encloses an area (@turf/area, more than 1 m²). Answers the Spanish message of the first problem, or null.
 */
import turfArea from '@turf/area';
import turfKinks from '@turf/kinks';
import { MAX_ZONE_VERTICES, ZoneMessages, type ZoneGeometry } from '../../../../contract/alerts';

/** The ring closed (first vertex repeated last) with repeated neighbours dropped. */
export function closedRing(ring: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (const [x, y] of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x, y]);
  }
  if (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
  return out.length ? [...out, out[0]] : out;
}

/** 1e-7° is about 1 cm: far finer than a zone is drawn, and a coordinate then takes 12 characters at most in JSON. */
const COORDINATE_STEP = 1e7;
const roundCoordinate = (value: number) => Math.round(value * COORDINATE_STEP) / COORDINATE_STEP;
const roundPosition = ([x, y]: readonly [number, number]): [number, number] => [roundCoordinate(x), roundCoordinate(y)];

/**
 * A zone's geometry as it is stored and exported: coordinates at 1e-7° (an export of the largest set
 * the limits allow then fits the import's body limit, contract/bodyLimits.ts), a polygon's ring closed.
 */
export function normalizeGeometry(geometry: ZoneGeometry): ZoneGeometry {
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: [closedRing(geometry.coordinates[0].map(roundPosition))] }
    : { type: 'Point', coordinates: roundPosition(geometry.coordinates) };
}

export function shapeProblem(geometry: ZoneGeometry): { field: string; message: string } | null {
  if (geometry.type === 'Point') return null;
  const ring = geometry.coordinates[0];
  const distinct = ring.length - 1;
  if (distinct < 3) return { field: 'geometry', message: ZoneMessages.tooFewVertices };
  if (distinct > MAX_ZONE_VERTICES) return { field: 'geometry', message: ZoneMessages.tooManyVertices };
  const polygon = { type: 'Feature' as const, properties: {}, geometry: { type: 'Polygon' as const, coordinates: [ring] } };
  if (turfKinks(polygon).features.length > 0) return { field: 'geometry', message: ZoneMessages.selfIntersecting };
  if (turfArea(polygon) < 1) return { field: 'geometry', message: ZoneMessages.emptyArea };
  return null;
}
