/**
 * The driver's phone (/conductor) for a test that renders one part of it: the app's real store with
 * the conductor's slice and channel added, as app/ConductorRoute.tsx adds them when the page loads,
 * and a driver signed in. The network is MSW; the driver's socket is a fake one.
 */
import '../app/ConductorRoute';
import { sessionRestored, type DriverSession } from '../features/conductor/state/conductorSlice';
import { fakeSocketFactory } from './fakeSocket';
import { testStore } from './testStore';

export const DRIVER_PROFILE = { id: 7, rut: '150000013', first_name: 'Pedro', last_name: 'Rojas', current_vehicle_id: 3, plate_number: 'KXWZ47' };
export const DRIVER_TOKEN = 'driver-token';

export function driverStore({ session = { token: DRIVER_TOKEN, driver: DRIVER_PROFILE } as DriverSession | null, sockets = fakeSocketFactory() } = {}) {
  const store = testStore({ signedIn: false, createSocket: sockets.createSocket });
  if (session) store.dispatch(sessionRestored(session));
  return { store, sockets };
}
