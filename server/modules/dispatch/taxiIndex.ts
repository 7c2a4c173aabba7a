/**
 * Where every taxi on shift was last seen, per fleet, in a uniform grid of ~1 km cells: the
 * position pipeline moves a taxi at ~1 update/s, and a grid takes each move in O(1) (a static
 * kd-tree such as kdbush would be rebuilt on every move). A query walks rings of cells outward from
 * the pickup and stops once the k nearest found are closer than any cell not yet visited, so it
 * reads a few cells, not every taxi. Positions older than `maxAgeMs` are skipped.
 */
export interface TaxiPosition {
  shiftId: number;
  ownerId: number;
  latitude: number;
  longitude: number;
  /** The point's own time (ms). */
  time: number;
}

export interface NearbyTaxi extends TaxiPosition {
  distanceM: number;
}

/** Cell edge in degrees of latitude (~1.1 km); longitude cells are the same in degrees (~0.9 km at Chile's latitudes). */
const CELL_DEG = 0.01;
const EARTH_RADIUS_M = 6_371_008.8;
const METERS_PER_DEG_LAT = (Math.PI * EARTH_RADIUS_M) / 180;

export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

const cellOf = (value: number) => Math.floor(value / CELL_DEG);
const cellKey = (x: number, y: number) => x * 100_000 + y;

interface Fleet {
  cells: Map<number, Map<number, TaxiPosition>>;
  taxis: Map<number, { position: TaxiPosition; key: number }>;
}

export function createTaxiIndex() {
  const fleets = new Map<number, Fleet>();

  function fleet(ownerId: number): Fleet {
    let found = fleets.get(ownerId);
    if (!found) {
      found = { cells: new Map(), taxis: new Map() };
      fleets.set(ownerId, found);
    }
    return found;
  }

  function remove(ownerId: number, shiftId: number): void {
    const f = fleets.get(ownerId);
    const entry = f?.taxis.get(shiftId);
    if (!f || !entry) return;
    f.taxis.delete(shiftId);
    const cell = f.cells.get(entry.key);
    cell?.delete(shiftId);
    if (cell && !cell.size) f.cells.delete(entry.key);
  }

  return {
    /** A taxi's newer position (an older one than stored is ignored: batches may arrive out of order). */
    put(position: TaxiPosition): void {
      const f = fleet(position.ownerId);
      const previous = f.taxis.get(position.shiftId);
      if (previous && previous.position.time > position.time) return;
      const key = cellKey(cellOf(position.longitude), cellOf(position.latitude));
      if (previous && previous.key !== key) remove(position.ownerId, position.shiftId);
      let cell = f.cells.get(key);
      if (!cell) {
        cell = new Map();
        f.cells.set(key, cell);
      }
      cell.set(position.shiftId, position);
      f.taxis.set(position.shiftId, { position, key });
    },

    remove,

    /** A shift that ended, whichever fleet it belongs to (shift ids are unique). */
    removeShift(shiftId: number): void {
      for (const [ownerId, f] of fleets) if (f.taxis.has(shiftId)) remove(ownerId, shiftId);
    },

    get(ownerId: number, shiftId: number): TaxiPosition | null {
      return fleets.get(ownerId)?.taxis.get(shiftId)?.position ?? null;
    },

    size(ownerId: number): number {
      return fleets.get(ownerId)?.taxis.size ?? 0;
    },

    /**
     * The fleet's taxis nearest to a point, nearest first: at most `limit`, within `maxDistanceM`,
     * seen since `minTime`, and passing `accept` (e.g. not already refused).
     */
    nearest(
      ownerId: number,
      latitude: number,
      longitude: number,
      options: { limit: number; minTime: number; maxDistanceM: number; accept?: (shiftId: number) => boolean },
    ): NearbyTaxi[] {
      const f = fleets.get(ownerId);
      if (!f || !f.taxis.size) return [];
      const cx = cellOf(longitude);
      const cy = cellOf(latitude);
      // The narrowest a cell gets (its longitude side at this latitude), so a ring's inner edge is at least r × this.
      const cellMinM = CELL_DEG * METERS_PER_DEG_LAT * Math.min(1, Math.cos((Math.abs(latitude) + CELL_DEG) * (Math.PI / 180)));
      const maxRing = Math.ceil(options.maxDistanceM / cellMinM) + 1;
      const found: NearbyTaxi[] = [];
      let visitedTaxis = 0;
      for (let r = 0; r <= maxRing; r += 1) {
        for (let x = cx - r; x <= cx + r; x += 1) {
          const onEdge = x === cx - r || x === cx + r;
          for (let y = cy - r; y <= cy + r; y += onEdge ? 1 : 2 * r) {
            const cell = f.cells.get(cellKey(x, y));
            if (!cell) continue;
            for (const taxi of cell.values()) {
              visitedTaxis += 1;
              if (taxi.time < options.minTime) continue;
              if (options.accept && !options.accept(taxi.shiftId)) continue;
              const distanceM = distanceMeters(latitude, longitude, taxi.latitude, taxi.longitude);
              if (distanceM <= options.maxDistanceM) found.push({ ...taxi, distanceM });
            }
            if (r === 0) break;
          }
        }
        if (found.length >= options.limit) {
          found.sort((a, b) => a.distanceM - b.distanceM);
          // Everything not yet visited is at least r × cellMinM away.
          if (found[options.limit - 1].distanceM <= r * cellMinM) break;
        }
        if (visitedTaxis >= f.taxis.size) break;
      }
      found.sort((a, b) => a.distanceM - b.distanceM);
      return found.slice(0, options.limit);
    },
  };
}

export type TaxiIndex = ReturnType<typeof createTaxiIndex>;
