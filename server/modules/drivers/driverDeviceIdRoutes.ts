/**
 * POST /api/drivers/:id/device-id: a new device identifier for one of the owner's drivers (a lost
 * or handed-over phone). The old identifier stops working at once; another owner's driver is 404.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriverResponse } from '../../../contract/api';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { regenerateDeviceId } from './deviceIdsRepo';
import { findDriver } from './driversRepo';
import { idParam } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

export const driverDeviceIdRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (app, { db, authenticate }) => {
  app.addHook('preHandler', authenticate);

  app.post('/drivers/:id/device-id', routeSpecs.regenerateDeviceId, async (request): Promise<DriverResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.driverNotFound);
    const driver = await db.transaction().execute(async (trx) => {
      if (!(await regenerateDeviceId(trx, owner, id))) return null;
      const changed = await findDriver(trx, owner, id);
      // Who and when, never the identifier itself (it is the phone's credential).
      if (changed) await recordActivity(trx, request, { entity: 'device', entityId: id, label: `${changed.first_name} ${changed.last_name}`, action: 'regenerated' });
      return changed;
    });
    if (!driver) throw new HttpError(404, Messages.driverNotFound);
    return { driver };
  });
};
