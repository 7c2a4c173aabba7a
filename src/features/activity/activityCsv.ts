/** The activity log as a CSV file, like the history's export. */
import dayjs from 'dayjs';
import type { ActivityEntry } from '../../../contract/entities';
import { toCsv } from '../../../contract/csv';
import { activityRow } from './activityDisplay';

const HEADER = ['Fecha y hora', 'Persona', 'Rol', 'Acción', 'Cambios', 'Dirección IP'];

export function activityCsv(entries: ActivityEntry[]): string {
  return toCsv(
    HEADER,
    entries.map((entry) => {
      const row = activityRow(entry);
      return [row.when, row.who, row.role, row.what, row.changes.join(' | '), row.ip];
    }),
  );
}

/** actividad-2026-11-22.csv, dated the local day of the export. */
export function activityCsvFileName(now: Date = new Date()): string {
  return `actividad-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
