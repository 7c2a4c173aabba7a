/**
 * Each fleet's zone index in memory, built on first use. A change made through this process drops
 * its copy at once; with PostgreSQL another process's change is seen within `ttlMs` (the index is
 * rebuilt in the background while the old one keeps answering).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { buildZoneIndex, type ZoneIndex } from './zoneIndex';
import { listZones, toRecord } from './zonesRepo';

export function createZonesCache(db: Kysely<Database>, ttlMs: number, now: () => number = Date.now) {
  const cache = new Map<number, { at: number; index: Promise<ZoneIndex> }>();
  const load = (ownerId: number) => listZones(db, ownerId).then((zones) => buildZoneIndex(zones.map(toRecord)));

  return {
    get(ownerId: number): Promise<ZoneIndex> {
      const hit = cache.get(ownerId);
      if (hit && now() - hit.at < ttlMs) return hit.index;
      const fresh = load(ownerId);
      if (hit) {
        // Stale: keep answering with the old index until the new one is built.
        hit.at = now();
        fresh.then((index) => cache.set(ownerId, { at: now(), index: Promise.resolve(index) })).catch(() => undefined);
        return hit.index;
      }
      cache.set(ownerId, { at: now(), index: fresh });
      fresh.catch(() => cache.delete(ownerId));
      return fresh;
    },
    forget(ownerId: number): void {
      cache.delete(ownerId);
    },
  };
}
export type ZonesCache = ReturnType<typeof createZonesCache>;
