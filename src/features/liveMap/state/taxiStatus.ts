/**
 * What a dispatcher reads about each taxi, as pure functions of a row, the clock and the live
 * connection: its status (en línea / sin señal / sin ubicación, or not current while the
 * connection is down), the counts per status, search by number, name or plate, and the motion text.
 */
import type { LiveShift } from './activeShiftsSlice';
import { noSignalText, secondsSince } from './signal';
import type { TaxiRow } from './taxiRows';

export type TaxiStatus = 'live' | 'stale' | 'unlocated';
export type StatusFilter = TaxiStatus | 'all';

export function statusOf(row: TaxiRow): TaxiStatus {
  if (!row.position) return 'unlocated';
  return row.stale ? 'stale' : 'live';
}

export const statusLabels: Record<StatusFilter, string> = {
  all: 'Todos',
  live: 'En línea',
  stale: 'Sin señal',
  unlocated: 'Sin ubicación',
};

/**
 * The status line of an entry. While the socket is down no position is known to be current, so no
 * taxi is "En línea": it says so, and how old its last position is.
 */
export function statusText(row: TaxiRow, now: number, offline: boolean): string {
  if (!row.position) return '⚪ Sin ubicación';
  if (offline) return `⏸ Sin conexión · ${ageText(row.shift.last_location_time, now)}`;
  if (row.stale) return `🟠 ${noSignalText(row.shift.last_location_time, now)}`;
  return '🟢 En línea';
}

export type StatusCounts = Record<StatusFilter, number>;

export function countByStatus(rows: readonly TaxiRow[]): StatusCounts {
  const counts: StatusCounts = { all: rows.length, live: 0, stale: 0, unlocated: 0 };
  for (const row of rows) counts[statusOf(row)] += 1;
  return counts;
}

/** Lower case without accents, so "perez" finds "Pérez" and "bcdf" finds "BCDF12". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Whether a row matches the search: "#12" only taxi #12; "12" taxi #12 or any name or plate containing it. */
export function matchesSearch(row: TaxiRow, query: string): boolean {
  const wanted = fold(query.trim());
  if (!wanted) return true;
  const number = /^(#?)(\d+)$/.exec(wanted);
  if (number && Number(number[2]) === row.number) return true;
  if (number?.[1]) return false;
  const { first_name, last_name, plate_number } = row.shift;
  const haystack = fold(`${first_name} ${last_name} ${plate_number ?? ''} ${(plate_number ?? '').replace(/[\s-]/g, '')}`);
  return haystack.includes(wanted.replace(/^#/, ''));
}

export function filterTaxis(rows: readonly TaxiRow[], query: string, status: StatusFilter): TaxiRow[] {
  return rows.filter((row) => (status === 'all' || statusOf(row) === status) && matchesSearch(row, query));
}

/** "hace 5 s", "hace 3 min", "hace 2 h", or "sin datos" when the taxi never sent a position. */
export function ageText(lastLocationTime: string | null, now: number): string {
  const seconds = secondsSince(lastLocationTime, now);
  if (seconds === null) return 'sin datos';
  if (seconds < 60) return `hace ${Math.floor(seconds)} s`;
  if (seconds < 3600) return `hace ${Math.floor(seconds / 60)} min`;
  return `hace ${Math.floor(seconds / 3600)} h`;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'];

/** "43 km/h · NE" from m/s and degrees, whichever the phone sent; null when it sent neither. */
export function motionText(shift: Pick<LiveShift, 'speed' | 'heading'>): string | null {
  const parts: string[] = [];
  if (typeof shift.speed === 'number' && Number.isFinite(shift.speed)) parts.push(`${Math.round(shift.speed * 3.6)} km/h`);
  if (typeof shift.heading === 'number' && Number.isFinite(shift.heading)) {
    const normalized = ((shift.heading % 360) + 360) % 360;
    parts.push(COMPASS[Math.round(normalized / 45) % 8]);
  }
  return parts.length ? parts.join(' · ') : null;
}
