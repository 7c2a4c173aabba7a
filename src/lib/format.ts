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
