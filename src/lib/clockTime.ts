/** A time of day as Chile writes it (24 h): 09:05, or 09:05:30 with seconds. In the browser's time zone (contract/dateFormat.ts). */
import { formatTime } from '../../contract/dateFormat';

export function formatClockTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return formatTime(iso, { seconds });
}
