/**
 * The reports module's door (issue 21): per-shift summaries — trips, stops, kilometres after a
 * GPS-jump filter — kept in shift_summaries, computed once per ended shift.
 *
 * - reportsModule: the HTTP route and the background pass (started when the server listens,
 *   stopped when it closes). buildServer registers it once.
 * - summarizeShift(db, shiftId): what the shift-end path calls once a shift has ended and its
 *   points are stored; it computes and keeps the summary.
 * - summarizeTrail: the pure detection, for replay and reports that hold a trail already.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createSummaryBackfill, type BackfillOptions } from './summaryBackfill';
import { summaryRoutes } from './summaryRoute';

export { DEFAULT_DETECTION, type DetectionOptions } from './detectionOptions';
export { summarizeTrail, type TrailSummary } from './summarizeTrail';
export { summarizeShift, shiftSummaryForOwner } from './summaryService';
export { createSummaryBackfill, type BackfillOptions, type SummaryBackfill } from './summaryBackfill';

export interface ReportsModuleOptions {
  prefix: string;
  db: Kysely<Database>;
  authenticate: preHandlerAsyncHookHandler;
  /** false: no background pass (test servers that are not about summaries). */
  backfill?: Partial<BackfillOptions> | false;
}

/** Registered with `prefix` (Fastify applies it to every route inside). */
export const reportsModule: FastifyPluginAsync<ReportsModuleOptions> = async (app, { db, authenticate, backfill }) => {
  await app.register(summaryRoutes, { db, authenticate });
  if (backfill === false) return;
  const pass = createSummaryBackfill(db, app.log, backfill);
  app.addHook('onListen', async () => pass.start());
  app.addHook('onClose', async () => pass.stop());
};
