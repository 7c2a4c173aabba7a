/**
 * /conductor, the driver's phone: what src/app may use of this feature (lint refuses any deeper
 * import). app/ConductorRoute.tsx adds its slice and its driver-role channel to the store when the
 * page's chunk loads.
 */
export { ConductorPage } from './ConductorPage';
export { conductorChannel } from './realtime/conductorChannel';
export { conductorSlice, type ConductorState } from './state/conductorSlice';
