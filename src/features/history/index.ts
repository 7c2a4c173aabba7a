/** Historial and a shift's replay: what src/app may use of this feature (lint refuses any deeper import). */
export { HistoryPage } from './HistoryPage';
export { ReplayPage } from './replay/ReplayPage';
