/** Positions: the driver API's points, OsmAnd/Traccar trackers, and a shift's trail. */
import type { FlotaModule } from '../flotaModule';
import { driverLocationsRoutes } from './driverLocationsRoutes';
import { OSMAND_PATH, osmandRoutes } from './osmand/osmandRoutes';
import { submitToIngest } from './osmand/submitToIngest';
import { shiftLocationsRoutes } from './shiftLocationsRoutes';

export const positionsModule: FlotaModule = {
  name: 'positions',
  async register(app, { prefix, db, config, authenticate, authenticateDriver, ingest, publisher }) {
    await app.register(shiftLocationsRoutes, { prefix, db, authenticate });
    await app.register(driverLocationsRoutes, { prefix, ingest, authenticateDriver, jwtSecret: config.jwtSecret, benchCeiling: config.ingestBenchCeiling });
    // Phones and trackers (OsmAnd protocol): the same ingest pipeline as the driver API.
    await app.register(osmandRoutes, { db, publisher, submitPoints: submitToIngest(ingest), path: OSMAND_PATH });
  },
};
