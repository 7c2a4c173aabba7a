/** Positions: the driver API's points, OsmAnd/Traccar trackers, and a shift's trail. */
import { registerOsmandRateLimit } from '../../platform/edge/osmandRateLimit';
import { registerPositionCounts } from '../../platform/metrics';
import type { FlotaModule } from '../flotaModule';
import { createPositionService, type PositionService } from './positionService';
import { driverLocationsRoutes } from './driverLocationsRoutes';
import { startOsmandListener } from './osmand/osmandListener';
import { OSMAND_PATH, osmandRoutes } from './osmand/osmandRoutes';
import { maintainHotWeeks } from './packed/hotWeeks';
import { createTrailPackPass, type PackPassOptions, type TrailPackPass } from './packed/trailPackPass';
import { shiftLocationsRoutes } from './shiftLocationsRoutes';
import { onShiftEnded } from './handlers/onShiftEnded';

declare module '../flotaModule' {
  interface ModuleServices {
    /** The one position service: every source's points (driver API, OsmAnd/Traccar, /conductor, simulator). */
    positions: PositionService;
  }
}
declare module '../../platform/backgroundPass' {
  interface BackgroundPassOptions {
    /** Ended shifts' points packed, and retention: its pacing. */
    trailPacking: Partial<PackPassOptions>;
  }
}

export const positionsModule: FlotaModule<{ trailPacking: TrailPackPass | null }> = {
  name: 'positions',
  needs: ['drivers', 'shifts'],
  provides: {
    positions: ({ db, config, log, clock, events, publishLocations, backgroundPasses, metrics, whenClosing, services: { drivers, shifts } }) => {
      const positions = createPositionService({
        db,
        publishLocations,
        events,
        drivers,
        shifts,
        log,
        databaseUrl: config.databaseUrl,
        pointsPerMinute: config.ingestPointsPerMinute,
        maxPointAgeDays: config.pointMaxAgeDays,
        shiftIdleEndMinutes: config.shiftIdleEndMinutes,
        idleSweepMs: config.idleSweepMs,
        clock,
        leader: backgroundPasses.leader,
      });
      registerPositionCounts(metrics, () => positions.stats.sinceStart());
      // Points already queued are written before the database goes (the idle sweep stops first).
      whenClosing(positions.close);
      return positions;
    },
  },
  emits: ['positionAccepted'],
  handlers: [onShiftEnded],
  async register(app, { prefix, db, config, logger, authenticateDriver, backgroundPasses, sideListener, services: { positions } }) {
    await app.register(shiftLocationsRoutes, { prefix, db });
    await app.register(driverLocationsRoutes, { prefix, positions, authenticateDriver, jwtSecret: config.jwtSecret, benchCeiling: config.ingestBenchCeiling });
    // Phones and trackers (OsmAnd protocol): the same position service as the driver API.
    // In a scope of its own, so the per-address limit (platform/edge/osmandRateLimit.ts) covers only /osmand.
    await app.register(async (scope) => {
      await registerOsmandRateLimit(scope, config.osmandRequestsPerMinute);
      await scope.register(osmandRoutes, { positions, path: OSMAND_PATH });
    });
    // OSMAND_PORT: the same OsmAnd endpoint on a port of its own.
    if (config.osmandPort !== null) {
      const osmand = await startOsmandListener({ positions, logger, requestsPerMinute: config.osmandRequestsPerMinute });
      sideListener({ name: 'osmand', app: osmand.app, port: config.osmandPort, banner: `Protocolo OsmAnd (Traccar Client) también en el puerto ${config.osmandPort}` });
    }
    // The coming weeks' partitions of the points, before the first point arrives (also when packing is off).
    // Another process starting at once may make them first: its weeks serve as well, and the default partition takes any point meanwhile.
    await maintainHotWeeks(db).catch((error: unknown) => app.log.warn({ err: error }, 'Trayectos: no se pudieron preparar las semanas de puntos'));
    // Ended shifts' points are packed (one shift a transaction) and old trails dropped, in the background.
    const retention = { trailDays: config.retentionDays, activityDays: config.activityRetentionDays };
    return { trailPacking: backgroundPasses.add('trailPacking', (pacing) => createTrailPackPass(db, app.log, retention, pacing)) };
  },
};
