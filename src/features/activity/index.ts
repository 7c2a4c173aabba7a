/** Actividad's door: what src/app may use of this feature (lint refuses any deeper import). */
export { ActivityPage } from './ActivityPage';
