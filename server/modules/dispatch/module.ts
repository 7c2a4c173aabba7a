/**
 * Despacho (issue 25): mounts the desk's and the driver's routes, feeds the taxi index from the
 * position service's accepted points (its onAccepted hook: positions never import dispatch) and, with
 * PostgreSQL, the other processes' (taxiSync.ts), forgets a taxi whose shift ends, and runs the sweep (expired offers, scheduled bookings coming due) every
 * config.dispatch.sweepMs once the server listens — also right away, so offers that expired while the
 * server was down pass on at start.
 */
import { createDocumentRules } from '../documents';
import type { FlotaModule } from '../flotaModule';
import type { DispatchHooks } from './dispatchService';
import { openApiTags } from './routeSpecs';
import { bookingsRoutes } from './bookingsRoutes';
import { customersRoutes } from './customersRoutes';
import { createDispatchService } from './dispatchService';
import { driverDispatchRoutes } from './driverDispatchRoutes';
import { placesRoutes } from './placesRoutes';
import { fareTariffRoutes } from './fareTariffRoutes';
import { dispatchSettings } from './settings';
import { startSweep } from './sweep';
import { createWebBookings, type WebBookings } from './webBookings';

// Modules above dispatch (tracking, alerts) listen through services.dispatch (made by the app).
declare module '../flotaModule' {
  interface ModuleServices {
    /** Despacho's hooks: `onBookingChanged` (every booking after a committed change), `onUnaccepted` (back on the board, nobody took it). */
    dispatch: DispatchHooks;
    /** Set once dispatch registered: bookings a passenger asks for on the web (tracking's "Pedir un taxi"). */
    webBookings?: WebBookings;
  }
}

export const dispatchModule: FlotaModule = {
  name: 'dispatch',
  openApiTags: Object.values(openApiTags),
  settings: dispatchSettings,
  async register(app, { prefix, config, db, io, publish, clock, authenticate, authenticateDriver, backgroundPasses, services }) {
    const { positions, shifts, dispatch: hooks } = services;
    const documents = createDocumentRules(db, clock, config.tzFleet);
    const service = createDispatchService({ db, io, publish, config: config.dispatch, log: app.log, clustered: config.databaseUrl !== null, hooks, documents });
    await service.loadIndex();
    services.webBookings = createWebBookings(service);
    positions.onAccepted((position) => service.onPosition(position));
    shifts.onEnded((shift) => service.onShiftEnded(shift.id));
    await app.register(bookingsRoutes, { prefix, db, config, service, authenticate });
    await app.register(customersRoutes, { prefix, db, authenticate });
    await app.register(placesRoutes, { prefix, db, config, authenticate });
    await app.register(fareTariffRoutes, { prefix, db, authenticate });
    await app.register(driverDispatchRoutes, { prefix, service, authenticateDriver, actionsPerMinute: config.driverActionsPerMinute });
    // Every process refreshes its own taxi states; only the one that leads passes expired offers on
    // and announces bookings coming due (once across processes: platform/leadership.ts).
    const sweep = startSweep(
      async () => {
        if (backgroundPasses.leader.isLeader()) await service.sweep();
        await service.refreshStates();
      },
      config.dispatch.sweepMs,
      app.log,
    );
    app.addHook('onListen', async () => sweep.start());
    app.addHook('onClose', async () => sweep.stop());
  },
};
