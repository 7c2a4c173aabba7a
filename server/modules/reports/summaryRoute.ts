/**
 * GET /api/shifts/:id/summary: a shift's kilometres, moving and stopped time, trips and stops.
 * Every desk role may read it (the access rule of the shift's trail); an unknown id, a malformed
 * one and another fleet's shift all answer the same Spanish 404. An open shift's is kept as its
 * points arrive (openShiftTrails.ts); a user's heavy reads take turns (heavyReadGate.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ShiftSummaryResponse } from '../../../contract/reports';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { HeavyReadGate } from './heavyReadGate';
import type { OpenShiftTrails } from './openShiftTrails';
import { routeSpecs } from './routeSpecs';
import { shiftSummaryForOwner } from './summaryService';

export const SHIFT_NOT_FOUND = 'Turno no encontrado';

export interface ShiftReadsOptions {
  db: Kysely<Database>;
  openTrails: OpenShiftTrails;
  heavyReads: HeavyReadGate;
}

export const summaryRoutes: FastifyPluginAsyncZod<ShiftReadsOptions> = async (app, { db, openTrails, heavyReads }) => {
  app.get<{ Params: { id: string } }>('/shifts/:id/summary', routeSpecs.shiftSummary, async (request): Promise<ShiftSummaryResponse> => {
    if (!/^\d{1,9}$/.test(request.params.id)) throw new HttpError(404, SHIFT_NOT_FOUND);
    const shiftId = Number(request.params.id);
    const summary = await heavyReads.run(request, () => shiftSummaryForOwner(db, ownerId(request), shiftId, openTrails));
    if (!summary) throw new HttpError(404, SHIFT_NOT_FOUND);
    return summary;
  });
};
