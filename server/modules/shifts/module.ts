/** Shifts: active shifts, history, the desk's shift end, and the driver app's shift start/end and "me". */
import type { FlotaModule } from '../flotaModule';
import { driverMeRoutes } from './driverMeRoutes';
import { driverShiftsRoutes } from './driverShiftsRoutes';
import { historyRoutes } from './historyRoutes';
import { shiftEndRoutes } from './shiftEndRoutes';
import { shiftsRoutes } from './shiftsRoutes';

export const shiftsModule: FlotaModule = {
  name: 'shifts',
  async register(app, { prefix, db, config, authenticate, authenticateDriver, positions }) {
    await app.register(shiftsRoutes, { prefix, db, authenticate });
    await app.register(historyRoutes, { prefix, db, authenticate, timeZone: config.tzFleet });
    await app.register(shiftEndRoutes, { prefix, db, shifts: positions.shifts });
    await app.register(driverShiftsRoutes, { prefix, shifts: positions.shifts, authenticateDriver });
    await app.register(driverMeRoutes, { prefix, db, authenticateDriver });
  },
};
