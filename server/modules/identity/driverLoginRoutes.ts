/**
 * POST /api/driver/login: a driver's phone (or the simulator) signs in with its fleet's code, RUT
 * and password. The RUT is looked up within that fleet only (docs/api.md, "Driver identity").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type DriverLoginResponse } from '../../../contract/api';
import { checkLogin } from './checkLogin';
import { signToken } from './tokens';
import type { Database } from '../../platform/db/schema';
import type { LoginThrottle } from '../../platform/edge/loginThrottle';

import { findDriversForLogin } from './driverAccountsRepo';
import { findOwnerIdByFleetCode } from './ownersRepo';
import { routeSpecs } from './routeSpecs';

export interface DriverLoginOptions {
  db: Kysely<Database>;
  jwtSecret: string;
  throttle: LoginThrottle;
}

export const driverLoginRoutes: FastifyPluginAsyncZod<DriverLoginOptions> = async (app, { db, jwtSecret, throttle }) => {
  app.post('/driver/login', routeSpecs.driverLogin, async (request): Promise<DriverLoginResponse> => {
    const body = request.body;
    // Deleted or deactivated drivers and unknown fleets are not found: the same 401 as a wrong password.
    const account = await checkLogin({
      throttle,
      request,
      body,
      realm: body.fleet_code,
      find: async (key) => {
        const ownerId = await findOwnerIdByFleetCode(db, body.fleet_code);
        return ownerId === null ? [] : findDriversForLogin(db, ownerId, key);
      },
      passwordHash: (found) => found.passwordHash,
    });
    const token = await signToken({ role: 'driver', sub: account.profile.id, ownerId: account.ownerId, tokenVersion: account.tokenVersion }, jwtSecret);
    return { token, driver: account.profile };
  });
};
