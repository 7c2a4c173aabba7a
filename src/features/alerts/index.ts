/**
 * Alertas and Zonas: what src/app may use of this feature (lint refuses any deeper import). The live
 * parts (the channel, the count, the toasts) are on every screen; the pages and the zones layer load
 * with their routes.
 */
export { AlertsBell, AlertsLive, AlertsNavCount, OpenAlertsLine } from './AlertsLive';
export { AlertsPage } from './AlertsPage';
export { ZonesOnMap } from './ZonesOnMap';
export { ZonesPage } from './ZonesPage';
export { alertsChannel } from './alertsRealtime';
export { useGetAlertSummaryQuery } from './alertsApi';
