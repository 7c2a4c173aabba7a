/**
 * A busy night's inbox (issue 46): the alerts of one taxi, one kind (and one zone) that follow one
 * another within an episode read as one entry with a counter, instead of a screenful of repeats. An
 * episode: each alert within EPISODE_GAP_MS of the next, all open or all acknowledged. An SOS is
 * never grouped here (the server already joins one driver's presses, and each episode must show).
 */
import type { Alert } from '../../../contract/alerts';

/** Two alerts of one taxi and kind further apart than this are two episodes. */
export const EPISODE_GAP_MS = 30 * 60_000;

export interface AlertGroup {
  /** The newest alert's id: stable while older ones join. */
  key: number;
  /** Newest first; the first is the one the entry shows. */
  alerts: Alert[];
}

const taxiOf = (alert: Alert) => alert.vehicle?.id ?? (alert.shift_id !== null ? `shift:${alert.shift_id}` : null);

function sameSeries(alert: Alert): string | null {
  const taxi = taxiOf(alert);
  if (alert.kind === 'sos' || taxi === null) return null;
  return `${alert.kind}|${taxi}|${alert.zone?.id ?? ''}|${alert.acknowledged ? 'ack' : 'open'}`;
}

/** Groups a newest-first list; each group stands where its newest alert stood. */
export function groupAlerts(alerts: readonly Alert[]): AlertGroup[] {
  const groups: AlertGroup[] = [];
  const openSeries = new Map<string, AlertGroup>();
  for (const alert of alerts) {
    const series = sameSeries(alert);
    const group = series ? openSeries.get(series) : undefined;
    const oldest = group?.alerts[group.alerts.length - 1];
    if (group && oldest && Date.parse(oldest.occurred_at) - Date.parse(alert.occurred_at) <= EPISODE_GAP_MS) {
      group.alerts.push(alert);
      continue;
    }
    const fresh = { key: alert.id, alerts: [alert] };
    groups.push(fresh);
    if (series) openSeries.set(series, fresh);
  }
  return groups;
}
