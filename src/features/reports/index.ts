/** Reportes: what src/app may use of this feature (lint refuses any deeper import). */
export { ReportsPage } from './ReportsPage';
