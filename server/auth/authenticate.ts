/** Bearer-token guard for owner routes: sets request.owner or answers 401. */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, Messages } from '../errors';
import { ownerExists } from '../repos/ownersRepo';
import { verifyToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authenticate: the signed-in owner. */
    owner?: { id: number };
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

export function makeAuthenticate(deps: { db: Kysely<Database>; jwtSecret: string }): preHandlerAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyToken(token, deps.jwtSecret) : null;
    // A deleted owner's token must stop working at once.
    if (!claims || !(await ownerExists(deps.db, claims.sub))) {
      throw new HttpError(401, Messages.sessionExpired);
    }
    request.owner = { id: claims.sub };
  };
}

/** The signed-in owner's id; only call behind authenticate. */
export function ownerId(request: FastifyRequest): number {
  if (!request.owner) throw new HttpError(401, Messages.sessionExpired);
  return request.owner.id;
}
