/** Conductores: what src/app may use of this feature (lint refuses any deeper import). */
export { DriversPage } from './DriversPage';
