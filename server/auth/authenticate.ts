/**
 * Bearer-token guards. Owner routes accept only owner tokens (request.owner); driver routes only
 * driver tokens of a driver still live and active (request.driver). Anything else answers 401.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, Messages } from '../errors';
import type { DriverCache } from '../ingest/driverCache';
import { ownerExists } from '../repos/ownersRepo';
import { verifyDriverToken, verifyOwnerToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticate: the signed-in owner. */
    owner?: { id: number };
    /** Set by authenticateDriver: the signed-in driver and the owner it works for. */
    driver?: { id: number; ownerId: number; currentVehicleId: number | null };
  }
}

export interface AuthDeps {
  db: Kysely<Database>;
  jwtSecret: string;
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

export function makeAuthenticate(deps: AuthDeps): preHandlerAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyOwnerToken(token, deps.jwtSecret) : null;
    // A deleted owner's token must stop working at once.
    if (!claims || !(await ownerExists(deps.db, claims.sub))) {
      throw new HttpError(401, Messages.sessionExpired);
    }
    request.owner = { id: claims.sub };
  };
}

/**
 * Driver tokens are checked against the ingest's driver cache (no database read when cached): a
 * driver deleted or deactivated by the owner, or whose password was reset (token version bumped),
 * stops working at once, because those writes invalidate the cache.
 */
export function makeAuthenticateDriver(deps: { jwtSecret: string; drivers: DriverCache }): preHandlerAsyncHookHandler {
  return async function authenticateDriver(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyDriverToken(token, deps.jwtSecret) : null;
    const state = claims ? await deps.drivers.get(claims.sub) : null;
    if (!claims || !state || state.ownerId !== claims.ownerId || state.tokenVersion !== claims.tokenVersion) {
      throw new HttpError(401, Messages.sessionExpired);
    }
    request.driver = { id: state.id, ownerId: state.ownerId, currentVehicleId: state.currentVehicleId };
  };
}

/** The signed-in owner's id; only call behind authenticate. */
export function ownerId(request: FastifyRequest): number {
  if (!request.owner) throw new HttpError(401, Messages.sessionExpired);
  return request.owner.id;
}

/** The signed-in driver; only call behind authenticateDriver. */
export function signedInDriver(request: FastifyRequest): NonNullable<FastifyRequest['driver']> {
  if (!request.driver) throw new HttpError(401, Messages.sessionExpired);
  return request.driver;
}
