/** The history export's file name (the server builds the file: GET /shifts/history.csv). */
import dayjs from 'dayjs';

/** historial-turnos-2026-11-21.csv, dated the local day of the export. */
export function historyCsvFileName(now: Date = new Date()): string {
  return `historial-turnos-${dayjs(now).format('YYYY-MM-DD')}.csv`;
}
