/**
 * The one way Flota writes a date, a date and time, and a time of day, on every screen, e-mail and
 * export (issue 46, item 7): Chilean, 24-hour, day first.
 *
 *   date       07/12/2026          (dd/mm/aaaa)
 *   date-time  07/12/2026 04:09    (the spec's history format, dd/MM/yyyy HH:mm)
 *   time       04:09, or 04:09:30 where seconds matter (a clock, a replay's point)
 *
 * The separator is the spec's ("dd/MM/yyyy HH:mm" for Inicio and Fin); the date fields accept a
 * typed "-" or "." too. Before this file, alerts said "07-12-26, 3:47 a. m." (es-CL's short style,
 * 12-hour in recent ICU), webhook deliveries "07/12/2026 04:09" and Cuentas "07-12-2026".
 *
 * Pure and without a locale of its own: the figures come from Intl's parts (`hourCycle: 'h23'`), so
 * a browser in English or a server with another ICU writes the same text. `timeZone` undefined is
 * the browser's (the desk); the server passes the fleet's (TZ_FLEET).
 */

export const DATE_PLACEHOLDER = 'dd/mm/aaaa';
const SEPARATOR = '/';

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(date: Date, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(key, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

const valid = (value: string | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A calendar day as stored ("2026-12-07", no time zone) written as 07/12/2026; anything else as given. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? [match[3], match[2], match[1]].join(SEPARATOR) : day;
}

/** An instant's date in the time zone: 07/12/2026. A bare "YYYY-MM-DD" is a day, never shifted by a zone. */
export function formatDate(value: string | Date, timeZone?: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  const date = valid(value);
  if (!date) return '—';
  const parts = partsOf(date, timeZone);
  return [parts.day, parts.month, parts.year].join(SEPARATOR);
}

/** An instant's time of day, 24-hour: 04:09 (04:09:30 with seconds). */
export function formatTime(value: string | Date, { seconds = false, timeZone }: { seconds?: boolean; timeZone?: string } = {}): string {
  const date = valid(value);
  if (!date) return '—';
  const parts = partsOf(date, timeZone);
  return seconds ? `${parts.hour}:${parts.minute}:${parts.second}` : `${parts.hour}:${parts.minute}`;
}

/** An instant as date and time: 07/12/2026 04:09 (with seconds: 07/12/2026 04:09:30). */
export function formatDateTime(value: string | Date, { seconds = false, timeZone }: { seconds?: boolean; timeZone?: string } = {}): string {
  const date = valid(value);
  if (!date) return '—';
  return `${formatDate(date, timeZone)} ${formatTime(date, { seconds, timeZone })}`;
}

/**
 * A day typed by a person, day first (07/12/2026, 7-12-2026, 07.12.26 is refused: four-digit years
 * only), as the stored "YYYY-MM-DD"; null when it is not a real day (31/02/2026).
 */
export function parseDay(typed: string): string | null {
  const match = /^\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What every formatted value above looks like: the test that sweeps the screens checks against these. */
export const DISPLAY_PATTERNS = {
  date: /^\d{2}\/\d{2}\/\d{4}$/,
  dateTime: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(:\d{2})?$/,
  time: /^\d{2}:\d{2}(:\d{2})?$/,
} as const;

/** The same formats as spreadsheet number formats, for date cells of every .xlsx Flota writes. */
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy';
export const XLSX_DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
