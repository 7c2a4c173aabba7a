/** GET /api/driver/account: "Mi cuenta" on /conductor, the signed-in driver's own account, read-only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { MyAccountResponse } from '../../../contract/api';
import { signedInDriver } from '../identity';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { zonedDate } from '../../platform/timeZone';
import { accountOf } from './balances';
import { MY_ACCOUNT_ENTRIES } from './events';
import { routeSpecs } from './routeSpecs';

export const driverAccountRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock; timeZone: string; authenticateDriver: preHandlerAsyncHookHandler }> = async (
  app,
  { db, clock, timeZone, authenticateDriver },
) => {
  app.addHook('preValidation', authenticateDriver);
  app.get('/driver/account', routeSpecs.myAccount, async (request): Promise<MyAccountResponse> => {
    const { id, ownerId } = signedInDriver(request);
    return accountOf(db, ownerId, id, zonedDate(clock.now(), timeZone), MY_ACCOUNT_ENTRIES);
  });
};
