/** Identity: desk and driver sign-in, the session's person, password change. */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { authRoutes } from './authRoutes';
import { driverLoginRoutes } from './driverLoginRoutes';

export const identityModule: FlotaModule = {
  name: 'identity',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, db, config, authenticate, edge }) {
    await app.register(authRoutes, { prefix, db, jwtSecret: config.jwtSecret, authenticate, throttle: edge.ownerLogin });
    await app.register(driverLoginRoutes, { prefix, db, jwtSecret: config.jwtSecret, throttle: edge.driverLogin });
  },
};
