/** Vehicle routes (issue 1: list). Write routes extend this plugin. */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { VehiclesResponse } from '../../contract/api';
import { ownerId } from '../auth/authenticate';
import type { Database } from '../db/schema';
import { listVehicles } from '../repos/vehiclesRepo';

export const vehiclesRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (
  app,
  { db, authenticate },
) => {
  app.addHook('preHandler', authenticate);

  app.get('/vehicles', async (request): Promise<VehiclesResponse> => {
    const vehicles = await listVehicles(db, ownerId(request));
    return { vehicles, count: vehicles.length };
  });
};
