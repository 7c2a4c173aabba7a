/**
 * /api/drivers/:id/device-id, Dueño and Administrador only (accessRules): the identifier a driver's
 * Traccar Client or tracker sends to /osmand. It is that endpoint's only credential, so it is in no
 * list, no other answer, no activity entry and no log line; an Operador never receives it.
 * GET reads it for the driver modal's phone setup; POST replaces it (a lost or handed-over phone):
 * the old identifier stops working at once. Another owner's driver is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DeviceIdResponse } from '../../../contract/api';
import { recordActivity } from '../desk';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError, Messages } from '../../platform/errors';
import { findDeviceId, regenerateDeviceId } from './deviceIdsRepo';
import { findDriver } from './driversRepo';
import { idParam } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

export const driverDeviceIdRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/drivers/:id/device-id', routeSpecs.deviceId, async (request): Promise<DeviceIdResponse> => {
    const deviceId = await findDeviceId(db, ownerId(request), idParam(request.params, Messages.driverNotFound));
    if (deviceId === null) throw new HttpError(404, Messages.driverNotFound);
    return { device_id: deviceId };
  });

  app.post('/drivers/:id/device-id', routeSpecs.regenerateDeviceId, async (request): Promise<DeviceIdResponse> => {
    const owner = ownerId(request);
    const id = idParam(request.params, Messages.driverNotFound);
    const deviceId = await db.transaction().execute(async (trx) => {
      if (!(await regenerateDeviceId(trx, owner, id))) return null;
      const changed = await findDriver(trx, owner, id);
      // Who and when, never the identifier itself (it is the phone's credential).
      if (changed) await recordActivity(trx, request, { entity: 'device', entityId: id, label: `${changed.first_name} ${changed.last_name}`, action: 'regenerated' });
      return findDeviceId(trx, owner, id);
    });
    if (deviceId === null) throw new HttpError(404, Messages.driverNotFound);
    return { device_id: deviceId };
  });
};
