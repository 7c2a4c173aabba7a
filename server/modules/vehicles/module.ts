/** Vehicles: the fleet's taxis. */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { vehiclesRoutes } from './vehiclesRoutes';

export const vehiclesModule: FlotaModule = {
  name: 'vehicles',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, db }) {
    await app.register(vehiclesRoutes, { prefix, db });
  },
};
