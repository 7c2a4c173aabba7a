/** Desk: the dispatch desk's accounts (users) and the activity log. */
import { disconnectSessions } from '../../platform/realtime/sessionRooms';
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { activityRoutes } from './activityRoutes';
import { usersRoutes } from './usersRoutes';

export const deskModule: FlotaModule = {
  name: 'desk',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, db, config, io }) {
    await app.register(usersRoutes, { prefix, db, endSessions: (user) => disconnectSessions(io, user) });
    await app.register(activityRoutes, { prefix, db, timeZone: config.tzFleet });
  },
};
