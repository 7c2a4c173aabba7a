/**
 * A per-address request limit for the OsmAnd endpoint (its device id is the only credential, so
 * anyone may call it, and each call looks a driver up): @fastify/rate-limit, like the logins, with
 * a generous default (OSMAND_REQUESTS_PER_MINUTE) because a fleet's trackers may all come from one
 * NAT address. Beyond it: 429 with Retry-After; Traccar Client keeps the point and retries.
 * Counters are per process, in a bounded LRU: the limit guards this process's load, and a tracker's
 * request never waits for a shared counter in the database.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { LOCAL_STORE_ENTRIES } from './index';

export const OsmandRateMessages = {
  tooManyRequests: 'Demasiadas solicitudes desde esta dirección. Intenta nuevamente en unos segundos.',
} as const;

const MINUTE_MS = 60_000;

/** Limits every route registered after it in this plugin scope (register it in the OsmAnd route's own scope). */
export async function registerOsmandRateLimit(app: FastifyInstance, requestsPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: requestsPerMinute,
    timeWindow: MINUTE_MS,
    cache: LOCAL_STORE_ENTRIES,
    keyGenerator: (request) => `osmand|${request.ip}`,
    // Only on the 429: a tracker needs no counters on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, OsmandRateMessages.tooManyRequests, undefined, { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
  });
}
