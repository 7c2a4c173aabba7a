/** Vehicles: the fleet's taxis. */
import type { FlotaModule } from '../flotaModule';
import { vehiclesRoutes } from './vehiclesRoutes';

export const vehiclesModule: FlotaModule = {
  name: 'vehicles',
  async register(app, { prefix, db, authenticate }) {
    await app.register(vehiclesRoutes, { prefix, db, authenticate });
  },
};
