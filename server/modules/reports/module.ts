/** Reports: per-shift summaries (trips, stops, kilometres), kept once a shift ends, and the period's reports built from them. */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { createSummaryBackfill, type BackfillOptions } from './summaryBackfill';
import { createHeavyReadGate } from './heavyReadGate';
import { createOpenShiftTrails } from './openShiftTrails';
import { replayRoutes } from './replayRoutes';
import { reportsRoutes } from './reportsRoutes';
import { summaryRoutes } from './summaryRoute';
import { onShiftEnded } from './handlers/onShiftEnded';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** Summaries for ended shifts that have none: its pacing. */
    summaryBackfill: Partial<BackfillOptions>;
  }
}

export const reportsModule: FlotaModule = {
  name: 'reports',
  openApiTags: Object.values(openApiTags),
  handlers: [onShiftEnded],
  async register(app, { prefix, config, db, backgroundPasses }) {
    // Shared by the summary and the replay: one kept trail per open shift, one turn per user.
    const shiftReads = { db, openTrails: createOpenShiftTrails(db), heavyReads: createHeavyReadGate() };
    await app.register(summaryRoutes, { prefix, ...shiftReads });
    await app.register(replayRoutes, { prefix, ...shiftReads });
    await app.register(reportsRoutes, { prefix, db, timeZone: config.tzFleet });
    backgroundPasses.add('summaryBackfill', (pacing) => createSummaryBackfill(db, app.log, pacing));
  },
};
