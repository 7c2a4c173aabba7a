/**
 * Seguimiento (issue 36): a tracking link per booking, made when a taxi is assigned or accepts
 * (dispatch's bookingChanged, handlers/onBookingChanged.ts), the passenger's public view and live
 * stream by its token (every accepted point, handlers/onPositionAccepted.ts),
 * and the desk's link, revocation and settings. "Pedir un taxi": the fleet's public request page
 * (a booking through dispatch's services.webBookings, its link made at once) and the desk's
 * blocked numbers. Its "now" is the server's clock (FLOTA_CLOCK_OFFSET),
 * so a test moves a link past its expiry without waiting.
 */
import type { FlotaModule } from '../flotaModule';
import { blockedPhonesRoutes } from './blockedPhonesRoutes';
import { deskTrackingRoutes } from './deskRoutes';
import { ensureLink, findLink } from './linksRepo';
import { publicTrackingRoutes } from './publicRoutes';
import { taxiRequestRoutes } from './requestRoutes';
import { openApiTags } from './routeSpecs';
import { trackingSettings } from './settings';
import { createTrackingLive, type TrackingLive } from './trackingLive';
import { onBookingChanged } from './handlers/onBookingChanged';
import { onPositionAccepted } from './handlers/onPositionAccepted';
import type { TrackingLink } from '../../../contract/tracking';

declare module '../flotaModule' {
  interface ModuleServices {
    /**
     * For the modules above (notifications' booking.assigned webhook): a booking's link, and
     * `ensureLinkFor`, which makes it first when it is missing, so a handler of the same dispatch
     * event never depends on which handler ran first.
     */
    tracking: {
      linkFor(ownerId: number, bookingId: number): Promise<TrackingLink | null>;
      ensureLinkFor(ownerId: number, bookingId: number): Promise<TrackingLink | null>;
    };
  }
}

export const trackingModule: FlotaModule<{ live: TrackingLive }> = {
  name: 'tracking',
  openApiTags: Object.values(openApiTags),
  settings: trackingSettings,
  needs: ['webBookings'],
  provides: {
    tracking: ({ db }) => ({
      linkFor: (ownerId, bookingId) => findLink(db, ownerId, bookingId),
      // The insert does nothing when the link exists (one per booking), so both callers get the same token.
      ensureLinkFor: async (ownerId, bookingId) => {
        await ensureLink(db, ownerId, bookingId);
        return findLink(db, ownerId, bookingId);
      },
    }),
  },
  handlers: [onBookingChanged, onPositionAccepted],
  async register(app, { prefix, config, db, services, clock }) {
    const options = () => ({ now: clock.now(), expiryMinutes: config.tracking.expiryMinutes, eta: config.dispatch });
    const live = createTrackingLive({ db, options, refreshMs: config.tracking.refreshMs, log: app.log });
    await app.register(publicTrackingRoutes, { prefix, db, live, options, requestsPerMinute: config.tracking.requestsPerMinute, streamLimits: { perAddress: config.tracking.streamsPerAddress, perToken: config.tracking.streamsPerToken } });
    await app.register(deskTrackingRoutes, { prefix, db, live });
    await app.register(taxiRequestRoutes, { prefix, db, config: config.tracking, webBookings: services.webBookings, now: () => clock.now() });
    await app.register(blockedPhonesRoutes, { prefix, db });
    // preClose: before the HTTP server closes, which waits for every open response (app.ts).
    app.addHook('preClose', async () => live.stop());
    return { live };
  },
};
