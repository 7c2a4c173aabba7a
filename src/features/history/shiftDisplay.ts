/** A shift as the history shows it (table and CSV alike: the CSV carries the values seen on screen). */
import { formatRut } from '../../../contract/rut';
import type { Shift } from '../../../contract/entities';
import { formatDateTime, formatDuration } from '../../lib/format';

export interface ShiftRow {
  driver: string;
  rut: string;
  vehicle: string;
  start: string;
  end: string;
  duration: string;
  status: 'Activo' | 'Finalizado';
}

export function shiftRow(shift: Shift): ShiftRow {
  return {
    driver: `${shift.first_name} ${shift.last_name}`,
    rut: formatRut(shift.rut),
    vehicle: shift.plate_number ?? 'Sin vehículo',
    start: formatDateTime(shift.start_time),
    end: shift.end_time ? formatDateTime(shift.end_time) : '-',
    duration: formatDuration(shift.duration_seconds),
    status: shift.is_active ? 'Activo' : 'Finalizado',
  };
}

/** Seconds of the finished shifts only: a shift still in course has no duration yet. */
export function finishedSeconds(shifts: Shift[]): number {
  return shifts.reduce((sum, shift) => sum + (shift.duration_seconds ?? 0), 0);
}
