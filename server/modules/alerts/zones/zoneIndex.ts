/**
 * The zones of one fleet in memory, behind a bounding-box index (flatbush): a position asks only the
 * zones whose box holds it, then the exact test (@turf/boolean-point-in-polygon, or the distance to a
 * circle's centre). A scan of every zone per point is what traccar does (GeofenceUtil); at 1,000 zones
 * the box index keeps a lookup in microseconds (bench/alerts).
 *
 * A segment between two fixes is tested only against zones whose box meets the segment's and that
 * hold neither end (TOOLCHAIN.md: segment tests cost tens of microseconds, so only when needed).
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { ZoneGeometry } from '../../../../contract/alerts';

const METRES_PER_DEGREE = 111_320;

export interface ZoneRecord {
  id: number;
  name: string;
  geometry: ZoneGeometry;
  radiusM: number | null;
  speedLimitKmh: number | null;
  dwellMinutes: number | null;
  /** Minutes of the fleet's day, [from, to); to < from wraps past midnight. */
  activeMinutes: { from: number; to: number } | null;
}

interface Entry extends ZoneRecord {
  box: [number, number, number, number];
}

function boxOf(zone: ZoneRecord): [number, number, number, number] {
  if (zone.geometry.type === 'Point') {
    const [lng, lat] = zone.geometry.coordinates;
    const r = zone.radiusM ?? 0;
    const dLat = r / METRES_PER_DEGREE;
    const dLng = r / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
    return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
  }
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of zone.geometry.coordinates[0]) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/** Metres east and north of (lng0, lat0): a flat approximation, exact enough within a few km. */
function toMetres(lng: number, lat: number, lng0: number, lat0: number): [number, number] {
  return [(lng - lng0) * METRES_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180), (lat - lat0) * METRES_PER_DEGREE];
}

function contains(zone: Entry, lng: number, lat: number): boolean {
  if (zone.geometry.type === 'Point') {
    const [x, y] = toMetres(lng, lat, zone.geometry.coordinates[0], zone.geometry.coordinates[1]);
    return x * x + y * y <= (zone.radiusM ?? 0) ** 2;
  }
  return booleanPointInPolygon([lng, lat], zone.geometry);
}

const cross = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

function segmentsMeet(p: [number, number], q: [number, number], r: [number, number], s: [number, number]): boolean {
  const d1 = cross(r[0], r[1], s[0], s[1], p[0], p[1]);
  const d2 = cross(r[0], r[1], s[0], s[1], q[0], q[1]);
  const d3 = cross(p[0], p[1], q[0], q[1], r[0], r[1]);
  const d4 = cross(p[0], p[1], q[0], q[1], s[0], s[1]);
  return d1 * d2 <= 0 && d3 * d4 <= 0 && !(d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0);
}

function segmentMeetsZone(zone: Entry, a: [number, number], b: [number, number]): boolean {
  if (zone.geometry.type === 'Point') {
    const [cx, cy] = zone.geometry.coordinates;
    const [ax, ay] = toMetres(a[0], a[1], cx, cy);
    const [bx, by] = toMetres(b[0], b[1], cx, cy);
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1)));
    const [px, py] = [ax + t * dx, ay + t * dy];
    return px * px + py * py <= (zone.radiusM ?? 0) ** 2;
  }
  const ring = zone.geometry.coordinates[0];
  for (let i = 0; i + 1 < ring.length; i++) if (segmentsMeet(a, b, ring[i] as [number, number], ring[i + 1] as [number, number])) return true;
  return false;
}

export function isActiveAt(zone: ZoneRecord, minuteOfDay: number): boolean {
  const hours = zone.activeMinutes;
  if (!hours) return true;
  return hours.from < hours.to ? minuteOfDay >= hours.from && minuteOfDay < hours.to : minuteOfDay >= hours.from || minuteOfDay < hours.to;
}

export interface ZoneIndex {
  readonly size: number;
  /** Whether any zone is limited to some hours (else every zone is always active). */
  readonly hasActiveHours: boolean;
  get(id: number): ZoneRecord | undefined;
  /** The zones holding the point. */
  at(lng: number, lat: number): ZoneRecord[];
  /** The zones the segment a→b passes through while holding neither end. */
  crossedBy(a: [number, number], b: [number, number]): ZoneRecord[];
}

export function buildZoneIndex(zones: readonly ZoneRecord[]): ZoneIndex {
  const entries: Entry[] = zones.map((zone) => ({ ...zone, box: boxOf(zone) }));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const index = entries.length ? new Flatbush(entries.length) : null;
  if (index) {
    for (const { box } of entries) index.add(box[0], box[1], box[2], box[3]);
    index.finish();
  }
  return {
    size: entries.length,
    hasActiveHours: entries.some((entry) => entry.activeMinutes !== null),
    get: (id) => byId.get(id),
    at(lng, lat) {
      if (!index) return [];
      return index.search(lng, lat, lng, lat, (i) => contains(entries[i], lng, lat)).map((i) => entries[i]);
    },
    crossedBy(a, b) {
      if (!index) return [];
      const hits = index.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]), (i) => {
        const zone = entries[i];
        // The segment test first: most zones whose box meets the segment are not met by it, and the
        // point-in-polygon tests are the dearer half.
        return segmentMeetsZone(zone, a, b) && !contains(zone, a[0], a[1]) && !contains(zone, b[0], b[1]);
      });
      return hits.map((i) => entries[i]);
    },
  };
}
