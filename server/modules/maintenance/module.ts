/**
 * Mantención (issue 34, item 7): odometers, plans and service records; a sweep raises what the plans
 * owe ("próxima", "vencida") through Alertas, once per occurrence, as the shifts' kilometres add up
 * and the days pass. A write that brings a plan due raises at once.
 */
import type { PassPacing } from '../../platform/backgroundPass';
import { createBackgroundPass } from '../../platform/backgroundPass';
import { createAlertRaising } from '../alerts';
import type { FlotaModule } from '../flotaModule';
import { raiseDueForAll } from './maintenanceService';
import { maintenanceRoutes } from './maintenanceRoutes';
import { openApiTags } from './routeSpecs';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** Mantención's due and overdue plans: its pacing. */
    maintenanceSweep: Partial<PassPacing>;
  }
}

/** Kilometres come with ended shifts and days with the calendar: a look every five minutes is on time. */
const SWEEP_MS = 5 * 60_000;

export const maintenanceModule: FlotaModule = {
  name: 'maintenance',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, config, db, publish, events, clock, backgroundPasses }) {
    const raising = createAlertRaising(db, publish, events);
    await app.register(maintenanceRoutes, { prefix, db, clock, timeZone: config.tzFleet, raising });
    backgroundPasses.add('maintenanceSweep', (pacing) =>
      createBackgroundPass('Mantención', app.log, { startDelayMs: 10_000, recheckMs: SWEEP_MS, dutyCycle: 0.1, ...pacing }, async (control) => {
        await raiseDueForAll({ db, timeZone: config.tzFleet, now: clock.now() }, raising, control);
      }),
    );
  },
};
