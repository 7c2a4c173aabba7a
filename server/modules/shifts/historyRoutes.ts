/**
 * GET /api/shifts/history?driver_id=&vehicle_id=&start_date=&end_date=&limit=&offset= — the
 * owner's shifts, newest first, one page at a time (100 by default, at most 500).
 * GET /api/shifts/history.csv?(the same filters) — every shift they select, as a CSV file streamed
 * batch by batch (never the whole history in memory).
 * Malformed parameters answer 400 with the contract's Spanish texts; a driver or vehicle id that is
 * not the owner's (another owner's, or unknown) simply matches nothing: never their rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { FastifyReply } from 'fastify';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';

import { historyBatches, listShiftHistory, type HistoryFilter } from './historyRepo';
import { historyCsvFileName, historyCsvStream } from './historyCsv';
import { routeSpecs } from './routeSpecs';

interface Options {
  db: Kysely<Database>;
  /** IANA zone whose calendar days the date filters mean, and the CSV's times are shown in (config.tzFleet). */
  timeZone: string;
}

const toFilter = (query: { driver_id?: number; vehicle_id?: number; start_date?: string; end_date?: string }): HistoryFilter => ({
  driverId: query.driver_id,
  vehicleId: query.vehicle_id,
  startDate: query.start_date,
  endDate: query.end_date,
});

export const historyRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, timeZone }) => {
  app.get('/shifts/history', routeSpecs.shiftHistory, async (request) => {
    const query = request.query;
    const page = await listShiftHistory(db, ownerId(request), toFilter(query), timeZone, { limit: query.limit, offset: query.offset });
    return { shifts: page.shifts, count: page.shifts.length, total: page.total, total_exact: page.totalExact, next_offset: page.nextOffset, limited: page.nextOffset !== null };
  });

  app.get('/shifts/history.csv', routeSpecs.shiftHistoryCsv, async (request, reply) => {
    const query = request.query;
    const batches = historyBatches(db, ownerId(request), toFilter(query), timeZone);
    // A stream, not the text the document describes: sent untyped by the response schema.
    return (reply as FastifyReply)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${historyCsvFileName(new Date(), timeZone)}"`)
      .header('cache-control', 'no-store')
      .send(historyCsvStream(batches, timeZone));
  });
};
