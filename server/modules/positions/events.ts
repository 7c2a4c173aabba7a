/**
 * What the positions module tells: the fleet's desks, after each ingest flush, the taxis that moved,
 * one call per fleet (the platform's position stream picks location_batch or location_update per
 * socket and carries the flush to the other processes: platform/realtime/locationStream.ts); and the
 * modules above, each request's newest kept point (the domain event `positionAccepted`).
 */
import type { PublishLocations } from '../../platform/realtime/publisher';
import type { MovedShift } from './ingest/flushPoints';

/** A shift's newest accepted point of one request, for the modules above (dispatch's taxi index, alerts' engine, tracking's live views). */
export interface PositionAccepted {
  ownerId: number;
  shiftId: number;
  driverId: number;
  latitude: number;
  longitude: number;
  time: Date;
  /** m/s as the source sent it (null: none); alerts' speeding reads it. */
  speed: number | null;
}

declare module '../../platform/domainEvents' {
  interface DomainEvents {
    /** Every request's newest kept point, once queued for the group commit (the hot path: its handlers read no database per point). */
    positionAccepted: PositionAccepted;
  }
}

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
