/**
 * Mapa en Vivo: what src/app may use of this feature (lint refuses any deeper import). Its state and
 * channel are part of every screen (a taxi picked on the dashboard or in Alertas opens the map on it);
 * the page loads with its route; `useLiveFleet` lends the fleet to another screen's map.
 */
export { LiveMapPage } from './LiveMapPage';
export { useLiveFleet } from './fleet/useLiveFleet';
export { liveMapChannel } from './realtime/liveMapChannel';
export { activeShiftsReducer } from './state/activeShiftsSlice';
export { liveMapReducer, shiftSelected } from './state/liveMapSlice';
export { positionOf } from './state/taxiRows';
