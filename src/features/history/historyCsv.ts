/** The history as a CSV file that Excel in Chile opens as is: UTF-8 with BOM, `;` separators, CRLF. */
import dayjs from 'dayjs';
import type { Shift } from '../../../contract/entities';
import { toCsv } from '../../../contract/csv';
import { shiftRow } from './shiftDisplay';

const HEADER = ['Conductor', 'RUT', 'Vehículo', 'Inicio', 'Fin', 'Duración', 'Estado'];

export function historyCsv(shifts: Shift[]): string {
  const rows = shifts.map((shift) => {
    const row = shiftRow(shift);
    return [row.driver, row.rut, row.vehicle, row.start, row.end, row.duration, row.status];
  });
  return toCsv(HEADER, rows);
}

/** historial-turnos-2026-11-21.csv, dated the local day of the export. */
export function historyCsvFileName(now: Date = new Date()): string {
  return `historial-turnos-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
