/** What the list and the map show of each active shift: its number in list order, and whether it is live. */
import type { Availability } from '../../../../contract/api';
import type { LiveShift } from './activeShiftsSlice';
import type { LngLat } from './liveMapSlice';
import { isStale } from './signal';

export interface TaxiRow {
  shift: LiveShift;
  /** #1, #2... in list order (by start time). */
  number: number;
  /** [lng, lat], or null while the driver has sent no position. */
  position: LngLat | null;
  stale: boolean;
  /** Libre, Ocupado or Fuera de servicio (dispatch); null while not known. */
  availability: Availability | null;
}

export function positionOf(shift: Pick<LiveShift, 'latitude' | 'longitude'>): LngLat | null {
  return shift.latitude === null || shift.longitude === null ? null : [shift.longitude, shift.latitude];
}

export function describeTaxis(shifts: readonly LiveShift[], now: number, staleAfterSeconds: number, availability: Readonly<Record<number, Availability>> = {}): TaxiRow[] {
  return shifts.map((shift, index) => {
    const position = positionOf(shift);
    return { shift, number: index + 1, position, stale: position !== null && isStale(shift.last_location_time, now, staleAfterSeconds), availability: availability[shift.id] ?? null };
  });
}

function sameRow(a: TaxiRow, b: TaxiRow): boolean {
  return (
    a.shift === b.shift &&
    a.number === b.number &&
    a.stale === b.stale &&
    a.availability === b.availability &&
    (a.position === b.position || (a.position !== null && b.position !== null && a.position[0] === b.position[0] && a.position[1] === b.position[1]))
  );
}

/**
 * describeTaxis that hands back the previous row object for every taxi whose row did not change, so
 * the lists' memoised entries re-render only the taxis a batch moved (a batch of 5 in 100 re-rendered 100).
 */
export function createTaxiRowsDescriber() {
  let previous = new Map<number, TaxiRow>();
  return (...args: Parameters<typeof describeTaxis>): TaxiRow[] => {
    const rows = describeTaxis(...args).map((row) => {
      const before = previous.get(row.shift.id);
      return before && sameRow(before, row) ? before : row;
    });
    previous = new Map(rows.map((row) => [row.shift.id, row]));
    return rows;
  };
}

/** What every list of taxis on the map screen takes. */
export interface TaxiListProps {
  rows: TaxiRow[];
  /** The live connection is down: no position is current. */
  offline: boolean;
  selectedShiftId: number | null;
  onSelect(row: TaxiRow): void;
}
