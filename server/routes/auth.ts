/** POST /api/auth/login and GET /api/auth/me. */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { loginRequestSchema, type LoginResponse, type MeResponse } from '../../contract/api';
import { loginRutKey, storedRutBody } from '../../contract/rut';
import { ownerId } from '../auth/authenticate';
import { LoginRateLimiter } from '../auth/loginRateLimit';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { signToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { HttpError, Messages, parseBody } from '../errors';
import { findOwnerForLogin, getOwner } from '../repos/ownersRepo';

export interface AuthRoutesOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  authenticate: preHandlerAsyncHookHandler;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { db, jwtSecret, authenticate }) => {
  const limiter = new LoginRateLimiter();

  app.post('/auth/login', async (request): Promise<LoginResponse> => {
    const body = parseBody(loginRequestSchema, request.body);
    const key = loginRutKey(body.rut);
    // Same bucket whether the RUT was typed with or without its check digit.
    const who = key ? ('rut' in key ? storedRutBody(key.rut) : key.body) : body.rut.toUpperCase();
    const limitKey = `${request.ip}|${who}`;
    if (limiter.isBlocked(limitKey)) throw new HttpError(429, Messages.tooManyAttempts);

    const owner = key ? await findOwnerForLogin(db, key) : null;
    // Always run scrypt, so an unknown RUT takes as long as a wrong password.
    const passwordOk = await verifyPassword(body.password, owner?.passwordHash ?? (await dummyPasswordHash()));
    if (!owner || !passwordOk) {
      limiter.recordFailure(limitKey);
      throw new HttpError(401, Messages.badCredentials);
    }
    limiter.reset(limitKey);
    const token = await signToken({ sub: owner.user.id, role: 'owner' }, jwtSecret);
    return { token, user: owner.user };
  });

  app.get('/auth/me', { preHandler: authenticate }, async (request): Promise<MeResponse> => {
    const user = await getOwner(db, ownerId(request));
    if (!user) throw new HttpError(401, Messages.sessionExpired);
    return { user };
  });
};
