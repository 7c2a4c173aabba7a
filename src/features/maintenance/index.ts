/** Mantención: what src/app may use of this feature (lint refuses any deeper import). */
export { MaintenanceBadge } from './MaintenanceBadge';
export { MaintenanceCostsSection } from './MaintenanceCostsSection';
export { MaintenancePage } from './MaintenancePage';
