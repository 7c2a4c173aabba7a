/** Positions: the driver API's points, OsmAnd/Traccar trackers, and a shift's trail. */
import { registerOsmandRateLimit } from '../../platform/edge/osmandRateLimit';
import type { FlotaModule } from '../flotaModule';
import type { PositionService } from './positionService';
import { driverLocationsRoutes } from './driverLocationsRoutes';
import { OSMAND_PATH, osmandRoutes } from './osmand/osmandRoutes';
import { maintainHotWeeks } from './packed/hotWeeks';
import { createTrailPackPass, type PackPassOptions } from './packed/trailPackPass';
import { shiftLocationsRoutes } from './shiftLocationsRoutes';

// The position service is built by the app (the socket server's driver checks need its cache first);
// every module reaches it as services.positions. The packing pass's options, by its name.
declare module '../flotaModule' {
  interface ModuleServices {
    /** The one shift-and-position service; `positions.shifts` starts and ends shifts. */
    positions: PositionService;
  }
}
declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** Ended shifts' points packed, and retention: its pacing. */
    trailPacking: Partial<PackPassOptions>;
  }
}

export const positionsModule: FlotaModule = {
  name: 'positions',
  async register(app, { prefix, db, config, authenticate, authenticateDriver, backgroundPasses, services: { positions, shifts } }) {
    await app.register(shiftLocationsRoutes, { prefix, db, authenticate });
    await app.register(driverLocationsRoutes, { prefix, positions, authenticateDriver, jwtSecret: config.jwtSecret, benchCeiling: config.ingestBenchCeiling });
    // Phones and trackers (OsmAnd protocol): the same position service as the driver API.
    // In a scope of its own, so the per-address limit (platform/edge/osmandRateLimit.ts) covers only /osmand.
    await app.register(async (scope) => {
      await registerOsmandRateLimit(scope, config.osmandRequestsPerMinute);
      await scope.register(osmandRoutes, { positions, path: OSMAND_PATH });
    });
    // The coming weeks' partitions of the points, before the first point arrives (also when packing is off).
    // Another process starting at once may make them first: its weeks serve as well, and the default partition takes any point meanwhile.
    await maintainHotWeeks(db).catch((error: unknown) => app.log.warn({ err: error }, 'Trayectos: no se pudieron preparar las semanas de puntos'));
    // Ended shifts' points are packed (one shift a transaction) and old trails dropped, in the background.
    const retention = { trailDays: config.retentionDays, activityDays: config.activityRetentionDays };
    const pass = backgroundPasses.add('trailPacking', (pacing) => createTrailPackPass(db, app.log, retention, pacing));
    if (pass) shifts.onEnded((shift) => pass.packLater(shift.id));
  },
};
