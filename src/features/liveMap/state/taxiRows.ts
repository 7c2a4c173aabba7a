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

/** What every list of taxis on the map screen takes. */
export interface TaxiListProps {
  rows: TaxiRow[];
  /** The live connection is down: no position is current. */
  offline: boolean;
  selectedShiftId: number | null;
  onSelect(row: TaxiRow): void;
}
