/**
 * What the charge pass owes the ledger, as a pure function of a driver's terms, ended shifts and the
 * automatic entries already written (no database, no clock: the property test drives it directly).
 *
 * Each charge belongs to a period, its key: `dia:YYYY-MM-DD`, `semana:<monday>` or `turno:<shift id>`.
 * - diaria: a day is charged when a shift that started that day has ended, or every calendar day up
 *   to today when the fleet charges days without a shift;
 * - semanal: a week (Monday to Sunday) likewise, dated on its Monday, or on the terms' first day
 *   when they begin mid-week;
 * - por_turno: each ended shift, on the day it started;
 * - porcentaje: each shift with recorded fares (issue 35, item 8), on the day it started: the
 *   percentage of the shift's fares, rounded down to the peso (key `tarifas:<shift id>`); a shift
 *   without fares owes nothing. Its shift need not have ended: each finished trip brings it up to
 *   date (a first cuota, then an ajuste per trip), inside the trip's transaction (issue 44).
 *
 * The amount of a period is fixed by the terms in effect when it was first charged (`cuota`); later
 * terms never touch it (a porcentaje period's amount is its share of the shift's fares, which grow
 * trip by trip). When the shifts behind a period change afterwards (a shift moved to another
 * day, or gone), the difference is a new `ajuste` entry, never an edit. Turning the fleet's "days
 * without a shift" setting off likewise adjusts the idle days within the pass's look-back. Every entry's idempotency
 * key is `auto:<driver>:<period>:<n>` with n the number of entries the period already has, so two
 * passes that see the same ledger write the same key and the database keeps one.
 */
import type { TermKind } from '../../../contract/accounts';
import { addDays } from '../../platform/timeZone';

export interface TermsRow {
  id: number;
  kind: TermKind;
  amount: number;
  effective_from: string;
}

export interface EndedShift {
  id: number;
  /** The fleet-zone day it started. */
  day: string;
  /** Whole pesos of the fares recorded on its trips (0 or absent: none). */
  fares?: number;
  /** False for a shift still open: only its fares count (porcentaje); absent means ended. */
  ended?: boolean;
}

const hasEnded = (shift: EndedShift) => shift.ended !== false;

/** What the ledger already holds for one period (automatic entries only). */
export interface PeriodEntries {
  /** Sum of its cuota and ajustes. */
  total: number;
  count: number;
  /** The cuota's amount, the terms' at the time. */
  base: number;
}

export interface ChargeToWrite {
  periodKey: string;
  kind: 'cuota' | 'ajuste';
  amount: number;
  date: string;
  termsId: number | null;
  idempotencyKey: string;
}

export interface DriverLedgerView {
  driverId: number;
  /** Oldest first; the latest effective on a day applies (ties: the higher id). */
  terms: TermsRow[];
  shifts: EndedShift[];
  existing: ReadonlyMap<string, PeriodEntries>;
}

export interface ChargeWindow {
  /** First and last fleet-zone day the pass looks at (last: today). */
  from: string;
  to: string;
  chargeDaysWithoutShift: boolean;
}

/** The terms in effect on a day: the latest effective on or before it. */
export function termsOn(terms: readonly TermsRow[], day: string): TermsRow | null {
  let found: TermsRow | null = null;
  for (const row of terms) {
    if (row.effective_from > day) continue;
    if (!found || row.effective_from > found.effective_from || (row.effective_from === found.effective_from && row.id > found.id)) found = row;
  }
  return found;
}

/** The Monday of a day's week (ISO weeks, as a Chilean calendar prints them). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

interface Due {
  amount: number;
  date: string;
  termsId: number;
}

/** Every period of the window the terms and shifts make owing, with what the terms of its day say. */
export function periodsDue(view: DriverLedgerView, window: ChargeWindow): Map<string, Due> {
  const due = new Map<string, Due>();
  const workedDays = new Set(view.shifts.filter(hasEnded).map((shift) => shift.day));
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) {
    const terms = termsOn(view.terms, day);
    if (terms?.kind === 'diaria' && (window.chargeDaysWithoutShift || workedDays.has(day))) {
      due.set(`dia:${day}`, { amount: terms.amount, date: day, termsId: terms.id });
    }
    if (terms?.kind === 'semanal') {
      const monday = mondayOf(day);
      const key = `semana:${monday}`;
      const weekStart = terms.effective_from > monday ? terms.effective_from : monday;
      const termsOfWeek = termsOn(view.terms, weekStart);
      if (!due.has(key) && termsOfWeek?.kind === 'semanal' && (window.chargeDaysWithoutShift || workedDays.has(day))) {
        due.set(key, { amount: termsOfWeek.amount, date: weekStart, termsId: termsOfWeek.id });
      }
    }
  }
  for (const shift of view.shifts) {
    if (shift.day < window.from || shift.day > window.to) continue;
    const terms = termsOn(view.terms, shift.day);
    if (terms?.kind === 'por_turno' && hasEnded(shift)) due.set(`turno:${shift.id}`, { amount: terms.amount, date: shift.day, termsId: terms.id });
    // Integers only: pesos × percent, divided once and rounded down (the driver is never charged a fraction up).
    const share = terms?.kind === 'porcentaje' ? Math.floor(((shift.fares ?? 0) * terms.amount) / 100) : 0;
    if (terms && share > 0) due.set(`tarifas:${shift.id}`, { amount: share, date: shift.day, termsId: terms.id });
  }
  return due;
}

/**
 * Whether a period already charged is still earned by the shifts behind it. Terms do not enter: a
 * change of terms never rewrites a charge; only the shifts (or the fleet's setting) can.
 */
function stillEarned(periodKey: string, view: DriverLedgerView, window: ChargeWindow, workedDays: ReadonlySet<string>): boolean {
  const [kind, value] = periodKey.split(':');
  if (kind === 'dia') return window.chargeDaysWithoutShift || workedDays.has(value);
  if (kind === 'semana') return window.chargeDaysWithoutShift || [0, 1, 2, 3, 4, 5, 6].some((i) => workedDays.has(addDays(value, i)));
  if (kind === 'turno') return view.shifts.some((shift) => hasEnded(shift) && String(shift.id) === value);
  if (kind === 'tarifas') return view.shifts.some((shift) => String(shift.id) === value);
  return true;
}

/** The entries to write so the ledger matches the periods owing: new cuotas, and ajustes for changed ones. */
export function chargesToWrite(view: DriverLedgerView, window: ChargeWindow): ChargeToWrite[] {
  const due = periodsDue(view, window);
  const workedDays = new Set(view.shifts.filter(hasEnded).map((shift) => shift.day));
  const writes: ChargeToWrite[] = [];
  const key = (period: string, n: number) => `auto:${view.driverId}:${period}:${n}`;
  for (const [periodKey, owing] of due) {
    if (view.existing.has(periodKey)) continue;
    writes.push({ periodKey, kind: 'cuota', amount: owing.amount, date: owing.date, termsId: owing.termsId, idempotencyKey: key(periodKey, 0) });
  }
  for (const [periodKey, held] of view.existing) {
    // Outside the window a period keeps what it holds: only what the pass looked at is judged.
    const date = periodDate(periodKey) ?? view.shifts.find((shift) => periodKey === `turno:${shift.id}` || periodKey === `tarifas:${shift.id}`)?.day ?? window.to;
    if (date < window.from || date > window.to) continue;
    // A porcentaje period follows its shift's fares (one more trip, one more share); any other keeps its first cuota's amount.
    const earned = periodKey.startsWith('tarifas:') ? (due.get(periodKey)?.amount ?? held.base) : held.base;
    const expected = stillEarned(periodKey, view, window, workedDays) ? earned : 0;
    if (held.total === expected) continue;
    writes.push({ periodKey, kind: 'ajuste', amount: expected - held.total, date, termsId: null, idempotencyKey: key(periodKey, held.count) });
  }
  return writes;
}

/** The day a day or week key names (null for a shift's key, whose day the pass reads with the shift). */
function periodDate(periodKey: string): string | null {
  const [kind, value] = periodKey.split(':');
  return kind === 'dia' || kind === 'semana' ? value : null;
}
