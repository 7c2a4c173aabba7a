/**
 * GET /api/reports, /api/reports/daily and /api/reports/shifts: the period's shift summaries added
 * up per driver or vehicle, per day, or listed shift by shift (reportsRepo.ts says how open
 * shifts count); by driver, with the offers each one received and how they ended (offersRepo.ts). Malformed parameters answer 400 with the contract's Spanish texts; a driver or
 * vehicle id that is not the owner's matches nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  REPORT_MAX_SHIFTS,
  type reportQuerySchema,
  type ReportDailyResponse,
  type ReportResponse,
  type ReportShiftsResponse,
} from '../../../contract/reports';
import { ownerId } from '../identity';
import type { Database } from '../../platform/db/schema';

import { offersByDriver, sumOffers, withOffers } from './offersRepo';
import { reportByDay, reportByGroup, reportShifts, sumMetrics, type ReportFilter } from './reportsRepo';
import { routeSpecs } from './routeSpecs';

interface Options {
  db: Kysely<Database>;
  /** IANA zone whose calendar days the period means (config.tzFleet). */
  timeZone: string;
}

export const reportsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, timeZone }) => {
  const read = (request: { query: z.output<typeof reportQuerySchema> }, owner: number) => {
    const query = request.query;
    const filter: ReportFilter = { ownerId: owner, from: query.from, to: query.to, timeZone, driverId: query.driver_id, vehicleId: query.vehicle_id, now: new Date() };
    return { query, filter, period: { from: query.from, to: query.to, group: query.group, time_zone: timeZone } };
  };

  app.get('/reports', routeSpecs.report, async (request): Promise<ReportResponse> => {
    const { query, filter, period } = read(request, ownerId(request));
    const { rows, totals } = await reportByGroup(db, filter, query.group);
    if (query.group !== 'driver' || filter.vehicleId !== undefined) return { ...period, rows, totals, generated_at: filter.now.toISOString() };
    // By driver: the offers Despacho made to each one in the period, beside the shifts' figures.
    const withOffered = withOffers(rows, await offersByDriver(db, filter), sumMetrics([]));
    return { ...period, rows: withOffered, totals: { ...totals, offers: sumOffers(withOffered.map((row) => row.offers)) }, generated_at: filter.now.toISOString() };
  });

  app.get('/reports/daily', routeSpecs.reportDaily, async (request): Promise<ReportDailyResponse> => {
    const { query, filter, period } = read(request, ownerId(request));
    return { ...period, days: await reportByDay(db, filter, query.group) };
  });

  app.get('/reports/shifts', routeSpecs.reportShifts, async (request): Promise<ReportShiftsResponse> => {
    const { filter } = read(request, ownerId(request));
    const shifts = await reportShifts(db, filter, REPORT_MAX_SHIFTS + 1);
    return { shifts: shifts.slice(0, REPORT_MAX_SHIFTS), limited: shifts.length > REPORT_MAX_SHIFTS };
  });
};
