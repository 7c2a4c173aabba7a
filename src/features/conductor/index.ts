/** /conductor, the driver's phone: what src/app may use of this feature (lint refuses any deeper import). */
export { ConductorPage } from './ConductorPage';
