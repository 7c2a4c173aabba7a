/** Despacho and Lugares: what src/app may use of this feature (lint refuses any deeper import). */
export { DispatchPage } from './DispatchPage';
export { PlacesPage } from './places/PlacesPage';
export { dispatchChannel, dispatchClosed, dispatchOpened } from './dispatchRealtime';
export { TrackingSettingsSection } from './TrackingSettingsSection';
