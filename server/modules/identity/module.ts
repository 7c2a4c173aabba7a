/**
 * Identity: desk and driver sign-in, the session's person, password change; who is calling (the
 * token checks, sockets' handshakes, the access guard: `services.callers`, which the app reads) and the
 * working drivers in memory (`services.drivers`, which the ingest reads too).
 */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { authRoutes } from './authRoutes';
import { createCallers } from './callers';
import type { DriverCache } from './driverCache';
import { createDriverDirectory } from './driverDirectory';
import { driverLoginRoutes } from './driverLoginRoutes';

declare module '../flotaModule' {
  interface ModuleServices {
    /** The working drivers (account state, device, active shift) in memory: every driver token check and every point read it. */
    drivers: DriverCache;
  }
}

export const identityModule: FlotaModule = {
  name: 'identity',
  openApiTags: Object.values(openApiTags),
  provides: {
    drivers: ({ db, log, config, whenClosing }) => {
      const directory = createDriverDirectory({ db, log, databaseUrl: config.databaseUrl });
      whenClosing(directory.close);
      return directory.cache;
    },
    callers: (context) => createCallers(context, context.services.drivers),
  },
  async register(app, { prefix, db, config, edge }) {
    await app.register(authRoutes, { prefix, db, jwtSecret: config.jwtSecret, throttle: edge.ownerLogin });
    await app.register(driverLoginRoutes, { prefix, db, jwtSecret: config.jwtSecret, throttle: edge.driverLogin });
  },
};
