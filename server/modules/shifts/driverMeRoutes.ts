/**
 * GET /api/driver/me: what the /conductor page shows after a reload: the driver as stored now
 * (the owner may have changed the assigned vehicle) and the active shift, or null.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriverMeResponse } from '../../../contract/api';
import { signedInDriver } from '../identity';
import { findDriverProfile } from '../identity';
import { findActiveShiftOfDriver, findShift } from './driverShiftsRepo';
import { HttpError, Messages } from '../../platform/errors';
import { routeSpecs } from './routeSpecs';
import type { Database } from '../../platform/db/schema';

export const driverMeRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; authenticateDriver: preHandlerAsyncHookHandler }> = async (app, { db, authenticateDriver }) => {
  app.addHook('preValidation', authenticateDriver);

  app.get('/driver/me', routeSpecs.driverMe, async (request): Promise<DriverMeResponse> => {
    const { id, ownerId } = signedInDriver(request);
    const profile = await findDriverProfile(db, id, ownerId);
    if (!profile) throw new HttpError(401, Messages.sessionExpired);
    const active = await findActiveShiftOfDriver(db, id);
    return { driver: profile, shift: active ? await findShift(db, ownerId, active.id) : null };
  });
};
