/** Cuentas de los conductores (issue 35): terms, a ledger written from shifts, payments, balances. */
import type { FlotaModule } from '../flotaModule';
import { accountsRoutes } from './accountsRoutes';
import { createChargePass, type ChargePass, type ChargePassOptions } from './chargePass';
import { driverAccountRoutes } from './driverAccountRoutes';
import { onShiftEnded } from './handlers/onShiftEnded';
import { openApiTags } from './routeSpecs';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** The cuotas written from terms and shifts: its pacing and how far back it looks. */
    accountCharges: Partial<ChargePassOptions>;
  }
}

export const accountsModule: FlotaModule<{ charges: ChargePass | null }> = {
  name: 'accounts',
  openApiTags: Object.values(openApiTags),
  handlers: [onShiftEnded],
  async register(app, { prefix, db, config, clock, authenticateDriver, backgroundPasses }) {
    await app.register(accountsRoutes, { prefix, db, clock, timeZone: config.tzFleet });
    await app.register(driverAccountRoutes, { prefix, db, clock, timeZone: config.tzFleet, authenticateDriver });
    return { charges: backgroundPasses.add('accountCharges', (options) => createChargePass(db, app.log, clock, config.tzFleet, options)) };
  },
};
