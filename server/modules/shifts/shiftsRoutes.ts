/** Shift routes (issue 1: the active-shift snapshot). History and locations extend this plugin. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ShiftsResponse } from '../../../contract/api';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { listActiveShifts } from './shiftsRepo';
import { routeSpecs } from './routeSpecs';

export const shiftsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  app.get('/shifts/active', routeSpecs.activeShifts, async (request): Promise<ShiftsResponse> => {
    const shifts = await listActiveShifts(db, ownerId(request));
    return { shifts, count: shifts.length };
  });
};
