/**
 * Display formats shared by every screen (pure: same input, same text, in the browser's time zone).
 * Dates and times come from contract/dateFormat.ts, the one format the server's e-mails and exports
 * use too: 07/12/2026, 07/12/2026 04:09, 04:09.
 */
import { formatDate, formatDateTime as formatInstant, formatDay, formatTime } from '../../contract/dateFormat';

export { formatDate, formatDay, formatTime, parseDay, DATE_PLACEHOLDER } from '../../contract/dateFormat';

/** A shift's length as the spec shows it: "En curso" while it has none, otherwise "Xh Ym" (minutes floored). */
export { formatDuration } from '../../contract/duration';

/** dd/MM/yyyy HH:mm, the spec's history format, in local time. */
export function formatDateTime(iso: string): string {
  return formatInstant(iso);
}

/** A time of day as the spec asks for on the map (es-CL, 24 h): 04:09. */
export function formatTimeEsCL(iso: string): string {
  return formatTime(iso);
}

/** A day ("2026-12-07") or an instant, as the one date format: 07/12/2026. */
export const formatDayOrDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : formatDate(value));

/**
 * A Chilean phone number as people write it: "+56 9 8765 4321" (mobile), "+56 2 2345 6789"
 * (Santiago), "+56 32 234 5678" (a region). Bookings store "+56987654321" and drivers' phones are
 * stored as typed, so one screen showed one form and the next another. Anything that is not a
 * 9-digit Chilean number (with or without +56) is shown as it is.
 */
export function formatPhoneCL(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  const national = digits.length === 11 && digits.startsWith('56') ? digits.slice(2) : digits.length === 9 && !phone.trim().startsWith('+') ? digits : null;
  if (!national) return phone;
  if (national[0] === '9' || national[0] === '2') return `+56 ${national[0]} ${national.slice(1, 5)} ${national.slice(5)}`;
  return `+56 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}
