/** Driver routes (issue 1: list). Write routes extend this plugin. */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriversResponse } from '../../contract/api';
import { ownerId } from '../auth/authenticate';
import type { Database } from '../db/schema';
import { listDrivers } from '../repos/driversRepo';

export const driversRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (
  app,
  { db, authenticate },
) => {
  app.addHook('preHandler', authenticate);

  app.get('/drivers', async (request): Promise<DriversResponse> => {
    const drivers = await listDrivers(db, ownerId(request));
    return { drivers, count: drivers.length };
  });
};
