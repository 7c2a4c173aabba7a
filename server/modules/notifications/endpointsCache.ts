/**
 * Each fleet's enabled webhook endpoints in memory. Every alert raised asks, inside the transaction
 * that stores it, which endpoints want it: with zones on that is once per position that enters or
 * leaves a zone, and a read of its own in front of every alert of a batch (issue 43). A change
 * through this process drops the fleet's copy once committed (webhooksRoutes.ts); with PostgreSQL
 * another process's change is seen within `ttlMs`. A miss reads through the caller's transaction
 * (on the embedded database another connection would wait for it).
 */
import type { SubscribableEventType } from '../../../contract/notifications';
import { enabledEndpoints, type EndpointRow } from './endpointsRepo';
import type { Db } from './outboxRepo';

export type EndpointsReader = (db: Db, ownerId: number, type: SubscribableEventType) => Promise<EndpointRow[]>;

export function createEndpointsCache(ttlMs: number, now: () => number = Date.now) {
  const cache = new Map<number, { at: number; endpoints: Promise<EndpointRow[]> }>();
  const subscribedTo: EndpointsReader = async (db, ownerId, type) => {
    let hit = cache.get(ownerId);
    if (!hit || now() - hit.at >= ttlMs) {
      const endpoints = enabledEndpoints(db, ownerId);
      hit = { at: now(), endpoints };
      cache.set(ownerId, hit);
      endpoints.catch(() => cache.get(ownerId) === hit && cache.delete(ownerId));
    }
    return (await hit.endpoints).filter((endpoint) => endpoint.events.includes(type));
  };
  return {
    subscribedTo,
    /** The fleet's endpoints changed (after the commit). */
    forget(ownerId: number): void {
      cache.delete(ownerId);
    },
  };
}
export type EndpointsCache = ReturnType<typeof createEndpointsCache>;
