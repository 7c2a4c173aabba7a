/**
 * What the inbox says of an alert's position when it was not taken as the alert occurred: an SOS
 * leaves the phone the moment the hold ends with the phone's last known fix (so the dispatcher must
 * know it may be a minute old), and the fresh fix that follows moves it (issue 46).
 */
import type { Alert } from '../../../contract/alerts';
import { formatTime } from '../../../contract/dateFormat';
import { formatShortDuration } from '../../../contract/duration';

/** A fix this much older than its alert is worth saying; a few seconds are what any fix is. */
const STALE_MS = 10_000;

export function positionTimeText(alert: Alert): string | null {
  if (!alert.position) return null;
  // In milliseconds: a fix that came a fraction of a second after the press still followed it.
  const gapMs = Date.parse(alert.position.at) - Date.parse(alert.occurred_at);
  const at = formatTime(alert.position.at, { seconds: true });
  if (gapMs <= -STALE_MS) return `Posición de las ${at} (${formatShortDuration(Math.round(-gapMs / 1000))} antes)`;
  if (gapMs > 0) return `Posición actualizada a las ${at}`;
  return null;
}
