/** Shifts: active shifts, history, the desk's shift end, and the driver app's shift start/end and "me". */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import type { ShiftService } from './shiftService';
import { driverMeRoutes } from './driverMeRoutes';
import { driverShiftsRoutes } from './driverShiftsRoutes';
import { historyRoutes } from './historyRoutes';
import { shiftEndRoutes } from './shiftEndRoutes';
import { shiftsRoutes } from './shiftsRoutes';

// The shift service lives inside the position service (every point may start or end a shift); the app
// hands it to the modules as services.shifts, so a module that only starts, ends or hears shifts names no positions.
declare module '../flotaModule' {
  interface ModuleServices {
    shifts: ShiftService;
  }
}

export const shiftsModule: FlotaModule = {
  name: 'shifts',
  openApiTags: Object.values(openApiTags),
  async register(app, { prefix, db, config, authenticate, authenticateDriver, services: { shifts } }) {
    await app.register(shiftsRoutes, { prefix, db, authenticate });
    await app.register(historyRoutes, { prefix, db, authenticate, timeZone: config.tzFleet });
    await app.register(shiftEndRoutes, { prefix, db, shifts });
    await app.register(driverShiftsRoutes, { prefix, shifts, authenticateDriver, actionsPerMinute: config.driverActionsPerMinute });
    await app.register(driverMeRoutes, { prefix, db, authenticateDriver });
  },
};
