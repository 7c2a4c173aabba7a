/**
 * The report's period: a day, the week (Monday to Sunday, as weeks run in Chile), the month, or
 * any days in between. Dates are calendar dates (YYYY-MM-DD); the server reads them in the fleet's
 * time zone.
 */
export type PeriodKind = 'day' | 'week' | 'month' | 'custom';

export const periodLabels: Record<PeriodKind, string> = { day: 'Día', week: 'Semana', month: 'Mes', custom: 'Personalizado' };

export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
}

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = toDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Today's calendar date where the browser is. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day, week or month that holds `date`. */
export function periodAround(kind: Exclude<PeriodKind, 'custom'>, date: string): Period {
  if (kind === 'day') return { kind, from: date, to: date };
  if (kind === 'week') {
    const weekday = (toDate(date).getUTCDay() + 6) % 7; // Monday 0
    const from = addDays(date, -weekday);
    return { kind, from, to: addDays(from, 6) };
  }
  const from = `${date.slice(0, 7)}-01`;
  const next = toDate(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { kind, from, to: addDays(toIso(next), -1) };
}

/** The period before (-1) or after (+1): the previous week, the next month... (custom: as many days). */
export function shiftPeriod(period: Period, step: -1 | 1): Period {
  if (period.kind === 'custom') {
    const days = Math.round((toDate(period.to).getTime() - toDate(period.from).getTime()) / 86_400_000) + 1;
    return { ...period, from: addDays(period.from, step * days), to: addDays(period.to, step * days) };
  }
  if (period.kind === 'month') return periodAround('month', step === 1 ? addDays(period.to, 1) : addDays(period.from, -1));
  return periodAround(period.kind, addDays(period.from, step * (period.kind === 'week' ? 7 : 1)));
}

/** Every date from..to, for the chart's x axis (days without shifts are zeros, not gaps). */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to && dates.length < 400; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const shortDate = new Intl.DateTimeFormat('es-CL', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('es-CL', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "lun, 16 nov" */
export const formatDay = (date: string) => shortDate.format(toDate(date));

/** The period: "16/11/2026", "noviembre de 2026", "16/11/2026 al 22/11/2026" (days in the one date format, contract/dateFormat.ts). */
export function describePeriod(period: Period): string {
  if (period.from === period.to) return formatStoredDay(period.from);
  if (period.kind === 'month') return monthName.format(toDate(period.from));
  return `${formatStoredDay(period.from)} al ${formatStoredDay(period.to)}`;
}import { formatDay as formatStoredDay } from '../../../contract/dateFormat';

