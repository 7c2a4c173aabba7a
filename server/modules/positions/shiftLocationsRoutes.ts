/**
 * GET /api/shifts/:id/locations: the owner's view of a shift's trail, oldest point first, bounded
 * (a long trail comes simplified; `?limit=&after=` pages through the exact one).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type ShiftLocationsResponse } from '../../../contract/api';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { listShiftLocations } from './shiftLocationsRepo';
import { routeSpecs } from './routeSpecs';

export const SHIFT_NOT_FOUND = 'Turno no encontrado';

export const shiftLocationsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (
  app,
  { db },
) => {
  app.get('/shifts/:id/locations', routeSpecs.shiftLocations, async (request): Promise<ShiftLocationsResponse> => {
    const id = Number(request.params.id);
    // A malformed id, an unknown one and another owner's all look the same.
    const page = request.query;
    const trail = /^\d{1,9}$/.test(request.params.id) ? await listShiftLocations(db, ownerId(request), id, page) : null;
    if (!trail) throw new HttpError(404, SHIFT_NOT_FOUND);
    return trail;
  });
};
