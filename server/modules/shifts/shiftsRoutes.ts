/** Shift routes (issue 1: the active-shift snapshot). History and locations extend this plugin. */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { ShiftsResponse } from '../../../contract/api';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { listActiveShifts } from './shiftsRepo';
import { routeSpecs } from './routeSpecs';

export const shiftsRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (
  app,
  { db, authenticate },
) => {
  app.addHook('preHandler', authenticate);

  app.get('/shifts/active', routeSpecs.activeShifts, async (request): Promise<ShiftsResponse> => {
    const shifts = await listActiveShifts(db, ownerId(request));
    return { shifts, count: shifts.length };
  });
};
