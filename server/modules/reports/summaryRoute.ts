/**
 * GET /api/shifts/:id/summary: a shift's kilometres, moving and stopped time, trips and stops.
 * Every desk role may read it (the access rule of the shift's trail); an unknown id, a malformed
 * one and another fleet's shift all answer the same Spanish 404.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { ShiftSummaryResponse } from '../../../contract/reports';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { routeSpecs } from './routeSpecs';
import { shiftSummaryForOwner } from './summaryService';

export const SHIFT_NOT_FOUND = 'Turno no encontrado';

export const summaryRoutes: FastifyPluginAsync<{ db: Kysely<Database>; authenticate: preHandlerAsyncHookHandler }> = async (app, { db, authenticate }) => {
  app.addHook('preHandler', authenticate);

  app.get<{ Params: { id: string } }>('/shifts/:id/summary', routeSpecs.shiftSummary, async (request): Promise<ShiftSummaryResponse> => {
    const summary = /^\d{1,9}$/.test(request.params.id) ? await shiftSummaryForOwner(db, ownerId(request), Number(request.params.id)) : null;
    if (!summary) throw new HttpError(404, SHIFT_NOT_FOUND);
    return summary;
  });
};
