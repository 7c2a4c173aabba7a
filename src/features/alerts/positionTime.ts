/**
 * What the inbox says of an alert's position when it was not taken as the alert occurred: an SOS
 * leaves the phone the moment the hold ends with the phone's last known fix (so the dispatcher must
 * know it may be a minute old), and the fresh fix that follows moves it (issue 46).
 */
import type { Alert } from '../../../contract/alerts';
import { formatTime } from '../../../contract/dateFormat';
import { formatShortDuration } from '../../../contract/duration';

/** A fix this much older than its alert is worth saying; a few seconds are what any fix is. */
const STALE_SECONDS = 10;

export function positionTimeText(alert: Alert): string | null {
  if (!alert.position) return null;
  const gap = Math.round((Date.parse(alert.position.at) - Date.parse(alert.occurred_at)) / 1000);
  const at = formatTime(alert.position.at, { seconds: true });
  if (gap <= -STALE_SECONDS) return `Posición de las ${at} (${formatShortDuration(-gap)} antes)`;
  if (gap > 0) return `Posición actualizada a las ${at}`;
  return null;
}
