/** Shifts: active shifts, history, the desk's shift end, and the driver app's shift start/end and "me". */
import type { FlotaModule } from '../flotaModule';
import { openApiTags } from './routeSpecs';
import { createShiftService, type ShiftService } from './shiftService';
import { driverMeRoutes } from './driverMeRoutes';
import { driverShiftsRoutes } from './driverShiftsRoutes';
import { historyRoutes } from './historyRoutes';
import { shiftEndRoutes } from './shiftEndRoutes';
import { shiftsRoutes } from './shiftsRoutes';

// Every shift start and end goes through the shift service (shiftService.ts): the driver's buttons and
// the desk here, a tracker's first and last points through positions, which needs it.
declare module '../flotaModule' {
  interface ModuleServices {
    shifts: ShiftService;
  }
}

export const shiftsModule: FlotaModule = {
  name: 'shifts',
  openApiTags: Object.values(openApiTags),
  provides: { shifts: ({ db, publish, events }) => createShiftService({ db, publish, events }) },
  emits: ['shiftEnded'],
  async register(app, { prefix, db, config, authenticateDriver, services: { shifts } }) {
    await app.register(shiftsRoutes, { prefix, db });
    await app.register(historyRoutes, { prefix, db, timeZone: config.tzFleet });
    await app.register(shiftEndRoutes, { prefix, db, shifts });
    await app.register(driverShiftsRoutes, { prefix, shifts, authenticateDriver, actionsPerMinute: config.driverActionsPerMinute });
    await app.register(driverMeRoutes, { prefix, db, authenticateDriver });
  },
};
