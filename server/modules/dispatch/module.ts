/**
 * Despacho (issue 25): the dispatch service (services.dispatch) and the passengers' own bookings
 * (services.webBookings, for tracking's "Pedir un taxi"); the desk's and the driver's routes; the
 * taxi index fed by every accepted point (handlers/onPositionAccepted.ts) and, with PostgreSQL, the
 * other processes' (taxiSync.ts); a taxi forgotten as its shift ends; the sweep (expired offers,
 * scheduled bookings coming due) every config.dispatch.sweepMs once the server listens — also right
 * away, so offers that expired while the server was down pass on at start.
 */
import { createDocumentRules } from '../documents';
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { bookingsRoutes } from './bookingsRoutes';
import { customersRoutes } from './customersRoutes';
import { createDispatchService, type DispatchService } from './dispatchService';
import { driverDispatchRoutes } from './driverDispatchRoutes';
import { onPositionAccepted } from './handlers/onPositionAccepted';
import { onShiftEnded } from './handlers/onShiftEnded';
import { placesRoutes } from './placesRoutes';
import { fareTariffRoutes } from './fareTariffRoutes';
import { dispatchSettings } from './settings';
import { startSweep } from './sweep';
import { createWebBookings, type WebBookings } from './webBookings';

declare module '../flotaModule' {
  interface ModuleServices {
    /** Despacho's service: bookings, offers, trips, the taxi index. */
    dispatch: DispatchService;
    /** Bookings a passenger asks for on the web (tracking's "Pedir un taxi"), through the same create. */
    webBookings: WebBookings;
  }
}

export const dispatchModule: FlotaModule = {
  name: 'dispatch',
  openApiTags: Object.values(openApiTags),
  settings: dispatchSettings,
  provides: {
    dispatch: async ({ db, io, publish, events, config, clock, log }) => {
      const documents = createDocumentRules(db, clock, config.tzFleet);
      const service = createDispatchService({ db, io, publish, events, config: config.dispatch, log, clustered: config.databaseUrl !== null, documents });
      await service.loadIndex();
      return service;
    },
    webBookings: ({ services: { dispatch } }) => createWebBookings(dispatch),
  },
  emits: ['bookingChanged', 'bookingUnaccepted', 'tripFinished'],
  handlers: [onPositionAccepted, onShiftEnded],
  async register(app, { prefix, config, db, authenticateDriver, backgroundPasses, services: { dispatch: service } }) {
    await app.register(bookingsRoutes, { prefix, db, config, service });
    await app.register(customersRoutes, { prefix, db });
    await app.register(placesRoutes, { prefix, db, config });
    await app.register(fareTariffRoutes, { prefix, db });
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
