/**
 * What the positions module tells the fleet's desks: after each ingest flush, the taxis that moved,
 * one call per fleet. The platform's position stream picks location_batch or location_update per
 * socket and carries the flush to the other processes (platform/realtime/locationStream.ts).
 */
import type { PublishLocations } from '../../platform/realtime/publisher';
import type { MovedShift } from './ingest/flushPoints';

function groupByOwner(moved: MovedShift[]): Map<number, MovedShift['update'][]> {
  const byOwner = new Map<number, MovedShift['update'][]>();
  for (const { ownerId, update } of moved) {
    const list = byOwner.get(ownerId);
    if (list) list.push(update);
    else byOwner.set(ownerId, [update]);
  }
  return byOwner;
}

export function createPositionEvents(publishLocations: PublishLocations) {
  return {
    /** One flush's moved taxis (committed): each fleet hears its own. */
    moved(moved: MovedShift[]): void {
      for (const [ownerId, updates] of groupByOwner(moved)) publishLocations(ownerId, updates);
    },
  };
}

export type PositionEvents = ReturnType<typeof createPositionEvents>;
