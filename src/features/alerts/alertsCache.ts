/**
 * How an alert heard on the socket changes what the desk has cached, with no request: the inbox's
 * pages (GET /alerts, each filter its own entry) and the open counts (GET /alerts/summary: the bell,
 * the sidebar, the SOS banner, Panel de Control). Pure functions on the cached data.
 */
import { ALERTS_PAGE_SIZE, type Alert, type AlertsQuery, type AlertsResponse, type AlertSummary } from '../../../contract/alerts';

export type AlertState = 'open' | 'acknowledged';
export const stateOf = (alert: Alert): AlertState => (alert.acknowledged ? 'acknowledged' : 'open');

/** Whether an inbox page asked with `query` lists this alert. */
export function matches(query: AlertsQuery, alert: Alert): boolean {
  return (
    (!query.kind || alert.kind === query.kind) &&
    (!query.zone_id || alert.zone?.id === Number(query.zone_id)) &&
    (!query.vehicle_id || alert.vehicle?.id === Number(query.vehicle_id)) &&
    (!query.state || stateOf(alert) === query.state)
  );
}

/**
 * The alert as it is now, written into one cached page: replaced where listed, taken out where it no
 * longer matches the filter, put in its place (newest first) on the first page where it now does.
 * Idempotent: the same alert twice gives the same page.
 */
export function placeAlert(page: AlertsResponse, query: AlertsQuery, alert: Alert): void {
  const at = page.alerts.findIndex((item) => item.id === alert.id);
  const belongs = matches(query, alert);
  if (at >= 0) {
    if (belongs) page.alerts[at] = alert;
    else page.alerts.splice(at, 1);
    return;
  }
  // Only the first page takes a newcomer; beyond a full page's last (oldest) entry it belongs further back.
  if (!belongs || query.before !== undefined) return;
  const before = page.alerts.findIndex((item) => item.id < alert.id);
  if (before < 0 && page.alerts.length >= ALERTS_PAGE_SIZE) return;
  page.alerts.splice(before < 0 ? page.alerts.length : before, 0, alert);
  if (page.alerts.length > ALERTS_PAGE_SIZE) {
    page.alerts.pop();
    page.has_more = true;
  }
}

/**
 * What one alert heard changes in the open counts: the numbers, and the SOS's driver whose open SOS
 * it adds (open_sos > 0) or ends (open_sos < 0); null for every other change.
 */
export interface CountsChange {
  open_count: number;
  open_sos: number;
  sos_driver: number | null;
}
const NO_CHANGE: CountsChange = { open_count: 0, open_sos: 0, sos_driver: null };

/**
 * What the open counts gain or lose for an alert that was `before` (as far as this desk knows;
 * undefined: never seen) and is now `alert`. 'unknown': an alert this desk never saw was
 * acknowledged, and whether the counts included it cannot be told (the summary is read again).
 */
export function countsChange(before: AlertState | undefined, alert: Alert, raised: boolean): CountsChange | 'unknown' {
  const sos = alert.kind === 'sos' ? 1 : 0;
  const sosDriver = sos ? (alert.driver?.id ?? null) : null;
  const after = stateOf(alert);
  if (raised) return before === undefined && after === 'open' ? { open_count: 1, open_sos: sos, sos_driver: sosDriver } : NO_CHANGE;
  if (before === undefined) return after === 'acknowledged' ? 'unknown' : NO_CHANGE;
  return before === 'open' && after === 'acknowledged' ? { open_count: -1, open_sos: -sos, sos_driver: sosDriver } : NO_CHANGE;
}

/**
 * The change written into the cached counts. A driver whose SOS was acknowledged leaves the SOS
 * drivers (since issue 45 a driver has one open SOS: later presses join it); true when other SOS are
 * still open, since only the server can tell whether one of them is that driver's (an SOS stored
 * before presses were joined): the caller reads the summary again.
 */
export function addCounts(summary: AlertSummary, change: CountsChange): boolean {
  summary.open_count = Math.max(0, summary.open_count + change.open_count);
  summary.open_sos = Math.max(0, summary.open_sos + change.open_sos);
  const driver = change.sos_driver;
  if (driver === null) return false;
  if (change.open_sos > 0 && !summary.sos_drivers.includes(driver)) summary.sos_drivers.push(driver);
  if (change.open_sos >= 0) return false;
  summary.sos_drivers = summary.sos_drivers.filter((id) => id !== driver);
  return summary.open_sos > 0;
}
