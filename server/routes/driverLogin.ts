/** POST /api/driver/login: a driver's phone (or the simulator) signs in with RUT and password. */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { loginRequestSchema, type DriverLoginResponse } from '../../contract/api';
import { checkLogin } from '../auth/checkLogin';
import { LoginRateLimiter } from '../auth/loginRateLimit';
import { signToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { parseBody } from '../errors';
import { findDriversForLogin } from '../repos/driverAccountsRepo';
import { routeDocs } from '../openapi/routeDocs';

export const driverLoginRoutes: FastifyPluginAsync<{ db: Kysely<Database>; jwtSecret: string }> = async (app, { db, jwtSecret }) => {
  // Its own counter: a driver's failures do not lock the owner's desk out, nor the other way round.
  const limiter = new LoginRateLimiter();

  app.post('/driver/login', { schema: routeDocs.driverLogin }, async (request): Promise<DriverLoginResponse> => {
    // Deleted or deactivated drivers are not found: the same 401 as a wrong password.
    const account = await checkLogin({
      limiter,
      ip: request.ip,
      body: parseBody(loginRequestSchema, request.body),
      find: (key) => findDriversForLogin(db, key),
      passwordHash: (found) => found.passwordHash,
    });
    const token = await signToken({ role: 'driver', sub: account.profile.id, ownerId: account.ownerId }, jwtSecret);
    return { token, driver: account.profile };
  });
};
