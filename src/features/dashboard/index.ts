/** Panel de Control: what src/app may use of this feature (lint refuses any deeper import). */
export { DashboardPage } from './DashboardPage';
