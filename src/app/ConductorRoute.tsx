/**
 * /conductor, the driver's phone, composed when its chunk first loads: its slice joins the store's
 * reducer and its driver-role channel joins the realtime connections, so nothing of the driver's
 * page is part of the desk's first screen.
 */
import { ConductorPage, conductorChannel, conductorSlice } from '../features/conductor';
import { addRealtimeChannel } from './realtimeChannels';
import { rootReducer } from './rootReducer';

conductorSlice.injectInto(rootReducer);
addRealtimeChannel(conductorChannel as never);

export function ConductorRoute() {
  return <ConductorPage />;
}
