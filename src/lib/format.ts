/** Display formats shared by every screen (pure: same input, same text, in the browser's time zone). */
import dayjs from 'dayjs';

/** A shift's length as the spec shows it: "En curso" while it has none, otherwise "Xh Ym" (minutes floored). */
export { formatDuration } from '../../contract/duration';

/** dd/MM/yyyy HH:mm, the spec's history format, in local time. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('DD/MM/YYYY HH:mm');
}

const esClTime = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit' });

/** A time of day in the es-CL format the spec asks for on the map. */
export function formatTimeEsCL(iso: string): string {
  return esClTime.format(new Date(iso));
}
