/**
 * The server's edge, registered in one place: security headers, CORS, JSON of bounded depth, a 413 for
 * an oversized body that no reset can swallow, and the login throttle's
 * counters (in PostgreSQL when DATABASE_URL is set, so every process shares them). Timeouts are
 * server options (timeouts.ts), given to Fastify when it is created.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { registerBoundedJson } from './boundedJson';
import { registerCors } from './cors';
import { registerOversizeBodies } from './oversizeBodies';
import { createLoginThrottle, DEFAULT_LIMITS, type LoginThrottle, type ThrottleLimits } from './loginThrottle';
import { pgRateLimitStore } from './pgRateLimitStore';
import { registerSecurityHeaders } from './securityHeaders';

export interface Edge {
  ownerLogin: LoginThrottle;
  driverLogin: LoginThrottle;
}

/** Entries the in-process store keeps per limit (an LRU): memory stays bounded whatever the input. */
export const LOCAL_STORE_ENTRIES = 10_000;

export async function registerEdge(app: FastifyInstance, config: Config, db: Kysely<Database>, limits: ThrottleLimits = DEFAULT_LIMITS): Promise<Edge> {
  await registerSecurityHeaders(app, config);
  await registerCors(app, config);
  registerBoundedJson(app);
  registerOversizeBodies(app);
  await app.register(rateLimit, {
    global: false,
    cache: LOCAL_STORE_ENTRIES,
    ...(config.databaseUrl ? { store: pgRateLimitStore(db) } : {}),
  });
  return {
    ownerLogin: createLoginThrottle(app, 'owner', limits),
    driverLogin: createLoginThrottle(app, 'driver', limits),
  };
}
