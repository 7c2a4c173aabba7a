/** Drivers: the fleet's drivers and their tracker device ids. */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { driverDeviceIdRoutes } from './driverDeviceIdRoutes';
import { driversRoutes } from './driversRoutes';

export const driversModule: FlotaModule = {
  name: 'drivers',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, db }) {
    await app.register(driversRoutes, { prefix, db });
    await app.register(driverDeviceIdRoutes, { prefix, db });
  },
};
