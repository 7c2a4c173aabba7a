/** Reports: per-shift summaries (trips, stops, kilometres), kept once a shift ends, and the period's reports built from them. */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { createSummaryBackfill, type BackfillOptions } from './summaryBackfill';
import { replayRoutes } from './replayRoutes';
import { reportsRoutes } from './reportsRoutes';
import { summaryRoutes } from './summaryRoute';
import { summarizeShift } from './summaryService';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** Summaries for ended shifts that have none: its pacing. */
    summaryBackfill: Partial<BackfillOptions>;
  }
}

export const reportsModule: FlotaModule = {
  name: 'reports',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, config, db, authenticate, backgroundPasses, services: { shifts } }) {
    await app.register(summaryRoutes, { prefix, db, authenticate });
    await app.register(replayRoutes, { prefix, db, authenticate });
    await app.register(reportsRoutes, { prefix, db, authenticate, timeZone: config.tzFleet });
    // Kept as each shift ends; a failure only leaves it to the background pass.
    shifts.onEnded((shift) => {
      summarizeShift(db, shift.id).catch((error: unknown) => app.log.warn({ err: error, shiftId: shift.id }, 'resumen del turno pendiente'));
    });
    backgroundPasses.add('summaryBackfill', (pacing) => createSummaryBackfill(db, app.log, pacing));
  },
};
