/**
 * POST /api/drivers/:id/device-id: a new device identifier for one of the owner's drivers (a lost
 * or handed-over phone). The old identifier stops working at once; another owner's driver is 404.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriverResponse } from '../../contract/api';
import { ownerId } from '../auth/authenticate';
import type { Database } from '../db/schema';
import { HttpError, Messages } from '../errors';
import { regenerateDeviceId } from '../repos/deviceIdsRepo';
import { findDriver } from '../repos/driversRepo';
import { idParam } from './params';

export const driverDeviceIdRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (app, { db, authenticate }) => {
  app.addHook('preHandler', authenticate);

  app.post('/drivers/:id/device-id', async (request): Promise<DriverResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.driverNotFound);
    const driver = (await regenerateDeviceId(db, owner, id)) ? await findDriver(db, owner, id) : null;
    if (!driver) throw new HttpError(404, Messages.driverNotFound);
    return { driver };
  });
};
