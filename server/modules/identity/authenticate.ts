/**
 * Bearer-token guards. Desk routes accept only desk tokens (the owner's or a desk account's) of an
 * account that still exists, is active and whose token_version matches (request.user, and
 * request.owner = the fleet); driver routes only driver tokens of a driver still live and active
 * (request.driver). Anything else answers 401. Which role may call which route: accessGuard.ts.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError, Messages } from '../../platform/errors';
import type { DriverState } from './driverAccountsRepo';
import type { PrincipalCache } from './principalCache';
import type { RequestUser } from './principalsRepo';
import { verifyDeskToken, verifyDriverToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticate: the fleet (its owner's id) the signed-in person works for. */
    owner?: { id: number };
    /** Set by authenticate: the signed-in person, their role and fleet. */
    user?: RequestUser;
    /**
     * Set by authenticateDriver: the signed-in driver and the owner it works for; `state` is the
     * cache entry the check read, handed on to the position service (one cache read per request).
     */
    driver?: { id: number; ownerId: number; currentVehicleId: number | null; state: DriverState };
  }
}

export interface AuthDeps {
  /** Who each desk token signs in (principalCache.ts: no database read when cached). */
  principals: PrincipalCache;
  jwtSecret: string;
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

export function makeAuthenticate(deps: AuthDeps): preHandlerAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    if (request.user) return; // the access guard already did
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyDeskToken(token, deps.jwtSecret) : null;
    // A deleted, deactivated or reset account's token stops working at once.
    const user = claims ? await deps.principals.get(claims) : null;
    if (!user) throw new HttpError(401, Messages.sessionExpired);
    request.user = user;
    request.owner = { id: user.ownerId };
  };
}

/** Where a driver's account state is read: the ingest's driver cache (positions module) in the app. */
export interface DriverStates {
  get(driverId: number): DriverState | null | Promise<DriverState | null>;
}

/**
 * Driver tokens are checked against the ingest's driver cache (no database read when cached): a
 * driver deleted or deactivated by the owner, or whose password was reset (token version bumped),
 * stops working at once, because those writes invalidate the cache.
 */
export function makeAuthenticateDriver(deps: { jwtSecret: string; drivers: DriverStates }): preHandlerAsyncHookHandler {
  return async function authenticateDriver(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyDriverToken(token, deps.jwtSecret) : null;
    const state = claims ? await deps.drivers.get(claims.sub) : null;
    if (!claims || !state || state.ownerId !== claims.ownerId || state.tokenVersion !== claims.tokenVersion) {
      throw new HttpError(401, Messages.sessionExpired);
    }
    request.driver = { id: state.id, ownerId: state.ownerId, currentVehicleId: state.currentVehicleId, state };
  };
}

/** The signed-in person's fleet (its owner's id); only call behind authenticate. */
export function ownerId(request: FastifyRequest): number {
  if (!request.owner) throw new HttpError(401, Messages.sessionExpired);
  return request.owner.id;
}

/** The signed-in desk person; only call behind authenticate. */
export function signedInUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, Messages.sessionExpired);
  return request.user;
}

/** The signed-in driver; only call behind authenticateDriver. */
export function signedInDriver(request: FastifyRequest): NonNullable<FastifyRequest['driver']> {
  if (!request.driver) throw new HttpError(401, Messages.sessionExpired);
  return request.driver;
}
