/** Cuentas de los conductores (issue 35): terms, a ledger written from shifts, payments, balances. */
import type { FlotaModule } from '../flotaModule';
import { accountsRoutes } from './accountsRoutes';
import { createChargePass, type ChargePassOptions } from './chargePass';
import { driverAccountRoutes } from './driverAccountRoutes';
import { openApiTags } from './routeSpecs';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** The cuotas written from terms and shifts: its pacing and how far back it looks. */
    accountCharges: Partial<ChargePassOptions>;
  }
}

export const accountsModule: FlotaModule = {
  name: 'accounts',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, db, config, clock, authenticateDriver, backgroundPasses, services: { shifts } }) {
    await app.register(accountsRoutes, { prefix, db, clock, timeZone: config.tzFleet });
    await app.register(driverAccountRoutes, { prefix, db, clock, timeZone: config.tzFleet, authenticateDriver });
    const pass = backgroundPasses.add('accountCharges', (options) => createChargePass(db, app.log, clock, config.tzFleet, options));
    // A day worked is charged as its shift ends; the pass catches up whatever this misses.
    if (pass) shifts.onEnded((shift) => shift.driver_id !== null && pass.chargeDriver(shift.driver_id));
  },
};
