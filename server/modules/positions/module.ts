/** Positions: the driver API's points, OsmAnd/Traccar trackers, and a shift's trail. */
import { registerOsmandRateLimit } from '../../platform/edge/osmandRateLimit';
import type { FlotaModule } from '../flotaModule';
import { driverLocationsRoutes } from './driverLocationsRoutes';
import { OSMAND_PATH, osmandRoutes } from './osmand/osmandRoutes';
import { maintainHotWeeks } from './packed/hotWeeks';
import { createTrailPackPass } from './packed/trailPackPass';
import { shiftLocationsRoutes } from './shiftLocationsRoutes';

export const positionsModule: FlotaModule = {
  name: 'positions',
  async register(app, { prefix, db, config, authenticate, authenticateDriver, positions, trailPacking }) {
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
    if (trailPacking === false) return;
    const retention = { trailDays: config.retentionDays, activityDays: config.activityRetentionDays };
    const pass = createTrailPackPass(db, app.log, retention, trailPacking);
    positions.shifts.onEnded((shift) => pass.packLater(shift.id));
    app.addHook('onListen', async () => pass.start());
    app.addHook('onClose', async () => pass.stop());
  },
};
