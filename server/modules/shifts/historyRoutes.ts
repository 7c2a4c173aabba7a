/**
 * GET /api/shifts/history?driver_id=&start_date=&end_date= — the owner's shifts, newest first.
 * Malformed filters answer 400 with the contract's Spanish texts; a driver id that is not the
 * owner's (another owner's, or unknown) simply matches nothing: an empty list, never their rows.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { historyQuerySchema, type ShiftsResponse } from '../../../contract/api';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';
import { parseBody } from '../../platform/errors';
import { listShiftHistory } from './historyRepo';
import { withoutBlanks } from '../../platform/params';
import { routeSpecs } from './routeSpecs';

interface Options {
  db: Kysely<Database>;
  authenticate: preHandlerAsyncHookHandler;
  /** IANA zone whose calendar days the date filters mean (config.tzFleet). */
  timeZone: string;
}

export const historyRoutes: FastifyPluginAsync<Options> = async (app, { db, authenticate, timeZone }) => {
  app.addHook('preHandler', authenticate);

  app.get('/shifts/history', routeSpecs.shiftHistory, async (request): Promise<ShiftsResponse> => {
    const query = parseBody(historyQuerySchema, withoutBlanks(request.query));
    const page = await listShiftHistory(
      db,
      ownerId(request),
      { driverId: query.driver_id, startDate: query.start_date, endDate: query.end_date },
      timeZone,
    );
    return { shifts: page.shifts, count: page.shifts.length, total: page.total, limited: page.limited };
  });
};
