/**
 * Cuentas de los conductores (issue 35): terms, a ledger written as shifts end and trips finish
 * (handlers/: a trip's charge inside its transaction, a day's as its shift ends, the pass as catch-up),
 * payments, balances; every change stored tells the driver's phone (account_changed, events.ts).
 */
import type { FlotaModule } from '../flotaModule';
import { accountsRoutes } from './accountsRoutes';
import { createChargePass, type ChargePass, type ChargePassOptions } from './chargePass';
import { driverAccountRoutes } from './driverAccountRoutes';
import { createAccountEvents, type AccountEvents } from './events';
import { onShiftEnded } from './handlers/onShiftEnded';
import { onTripFinished } from './handlers/onTripFinished';
import { openApiTags } from './routeSpecs';

declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** The cuotas written from terms and shifts: its pacing and how far back it looks. */
    accountCharges: Partial<ChargePassOptions>;
  }
}

export const accountsModule: FlotaModule<{ charges: ChargePass | null; events: AccountEvents }> = {
  name: 'accounts',
  openApiTags: Object.values(openApiTags),
  handlers: [onTripFinished, onShiftEnded],
  async register(app, { prefix, db, config, clock, publish, authenticateDriver, backgroundPasses }) {
    const events = createAccountEvents({ db, publish, clock, timeZone: config.tzFleet, log: app.log });
    await app.register(accountsRoutes, { prefix, db, clock, timeZone: config.tzFleet, events });
    await app.register(driverAccountRoutes, { prefix, db, clock, timeZone: config.tzFleet, authenticateDriver });
    const charges = backgroundPasses.add('accountCharges', (options) => createChargePass(db, app.log, clock, config.tzFleet, options, events.changed));
    return { charges, events };
  },
};
