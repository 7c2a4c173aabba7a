/** POST /api/auth/login and GET /api/auth/me. */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { loginRequestSchema, type LoginResponse, type MeResponse } from '../../contract/api';
import { ownerId } from '../auth/authenticate';
import { LoginRateLimiter } from '../auth/loginRateLimit';
import { checkLogin } from '../auth/checkLogin';
import { signToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { HttpError, Messages, parseBody } from '../errors';
import { findOwnerForLogin, getOwner } from '../repos/ownersRepo';
import { routeDocs } from '../openapi/routeDocs';

export interface AuthRoutesOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  authenticate: preHandlerAsyncHookHandler;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { db, jwtSecret, authenticate }) => {
  const limiter = new LoginRateLimiter();

  app.post('/auth/login', { schema: routeDocs.login }, async (request): Promise<LoginResponse> => {
    const owner = await checkLogin({
      limiter,
      ip: request.ip,
      body: parseBody(loginRequestSchema, request.body),
      find: async (key) => {
        const found = await findOwnerForLogin(db, key);
        return found ? [found] : [];
      },
      passwordHash: (found) => found.passwordHash,
    });
    const token = await signToken({ sub: owner.user.id, role: 'owner' }, jwtSecret);
    return { token, user: owner.user };
  });

  app.get('/auth/me', { preHandler: authenticate, schema: routeDocs.me }, async (request): Promise<MeResponse> => {
    const user = await getOwner(db, ownerId(request));
    if (!user) throw new HttpError(401, Messages.sessionExpired);
    return { user };
  });
};
