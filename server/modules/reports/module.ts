/** Reports: per-shift summaries (trips, stops, kilometres), kept once a shift ends, and the period's reports built from them. */
import type { FlotaModule } from '../flotaModule';
import { createSummaryBackfill } from './summaryBackfill';
import { replayRoutes } from './replayRoutes';
import { reportsRoutes } from './reportsRoutes';
import { summaryRoutes } from './summaryRoute';
import { summarizeShift } from './summaryService';

export const reportsModule: FlotaModule = {
  name: 'reports',
  async register(app, { prefix, config, db, authenticate, positions, summaryBackfill }) {
    await app.register(summaryRoutes, { prefix, db, authenticate });
    await app.register(replayRoutes, { prefix, db, authenticate });
    await app.register(reportsRoutes, { prefix, db, authenticate, timeZone: config.tzFleet });
    // Kept as each shift ends; a failure only leaves it to the background pass.
    positions.shifts.onEnded((shift) => {
      summarizeShift(db, shift.id).catch((error: unknown) => app.log.warn({ err: error, shiftId: shift.id }, 'resumen del turno pendiente'));
    });
    if (summaryBackfill === false) return;
    const pass = createSummaryBackfill(db, app.log, summaryBackfill);
    app.addHook('onListen', async () => pass.start());
    app.addHook('onClose', async () => pass.stop());
  },
};
