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
 * What the open counts gain or lose for an alert that was `before` (as far as this desk knows;
 * undefined: never seen) and is now `alert`. 'unknown': an alert this desk never saw was
 * acknowledged, and whether the counts included it cannot be told (the summary is read again).
 */
export function countsChange(before: AlertState | undefined, alert: Alert, raised: boolean): AlertSummary | 'unknown' {
  const sos = alert.kind === 'sos' ? 1 : 0;
  const after = stateOf(alert);
  if (raised) return before === undefined && after === 'open' ? { open_count: 1, open_sos: sos } : { open_count: 0, open_sos: 0 };
  if (before === undefined) return after === 'acknowledged' ? 'unknown' : { open_count: 0, open_sos: 0 };
  return before === 'open' && after === 'acknowledged' ? { open_count: -1, open_sos: -sos } : { open_count: 0, open_sos: 0 };
}

export function addCounts(summary: AlertSummary, change: AlertSummary): void {
  summary.open_count = Math.max(0, summary.open_count + change.open_count);
  summary.open_sos = Math.max(0, summary.open_sos + change.open_sos);
}
