/**
 * The history as the CSV file the SPA used to build itself (src/features/history/historyCsv.ts):
 * the same columns, the same texts, every cell through contract/csv.ts (formula-safe), written a
 * batch at a time. Dates are the fleet's wall clock (TZ_FLEET), since a server has no browser zone.
 */
import { formatDateTime } from '../../../contract/dateFormat';
import { Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../../contract/csv';
import type { Shift } from '../../../contract/entities';
import { formatDuration } from '../../../contract/duration';
import { formatRut } from '../../../contract/rut';
import { zonedDate } from '../../platform/timeZone';

export const HISTORY_CSV_HEADER = ['Conductor', 'RUT', 'Vehículo', 'Inicio', 'Fin', 'Duración', 'Estado'];

/** dd/mm/yyyy HH:mm in timeZone, as formatDateTime shows it on screen. */
export function dateTimeFormatter(timeZone: string): (iso: string) => string {
  return (iso) => formatDateTime(iso, { timeZone });
}

export function historyCsvRow(shift: Shift, formatDateTime: (iso: string) => string): string[] {
  return [
    `${shift.first_name} ${shift.last_name}`,
    formatRut(shift.rut),
    shift.plate_number ?? 'Sin vehículo',
    formatDateTime(shift.start_time),
    shift.end_time ? formatDateTime(shift.end_time) : '-',
    formatDuration(shift.duration_seconds),
    shift.is_active ? 'Activo' : 'Finalizado',
  ];
}

/** historial-turnos-2026-11-21.csv, dated the fleet's day of the export. */
export function historyCsvFileName(now: Date, timeZone: string): string {
  return `historial-turnos-${zonedDate(now, timeZone)}.csv`;
}

/** BOM and header, then one chunk per batch: pulled batch by batch as the client reads. */
export function historyCsvStream(batches: AsyncIterable<Shift[]>, timeZone: string): Readable {
  const formatDateTime = dateTimeFormatter(timeZone);
  async function* chunks() {
    yield CSV_BOM + csvLine(HISTORY_CSV_HEADER);
    for await (const batch of batches) yield batch.map((shift) => csvLine(historyCsvRow(shift, formatDateTime))).join('');
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}
