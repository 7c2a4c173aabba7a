/**
 * The alerts module's door (issue 33): zones, rules, the inbox, SOS and the events engine. Modules
 * above hear each new alert as the domain event `alertRaised` (the RaisedAlert below), inside the
 * transaction that stores it.
 */
export { alertsModule } from './module';
export type { RaisedAlert } from './raise';
export { ALERTS_DEFAULTS, alertsSettings, type AlertsConfig } from './settings';
export { createAlertRaising, type AlertRaising, type AlertToRaise } from './raiseFromAbove';
