/**
 * Exportar Excel: a real .xlsx written by write-excel-file (loaded only when asked, ~21 KB), with
 * three sheets: "Reporte" (the period per driver or taxi, with its totals row in bold), "Por día"
 * (each one's days) and "Por turno" (every shift with its start and end). Figures are number cells
 * with their format (times as durations, [h]:mm), dates are date cells, names are text cells (never
 * formulas) that went through the same formula guard as the CSV.
 */
import { XLSX_DATE_FORMAT, XLSX_DATE_TIME_FORMAT } from '../../../contract/dateFormat';
import type { Cell, Row } from 'write-excel-file/browser';
import { formulaSafeText } from '../../../contract/csv';
import type { ReportDailyResponse, ReportResponse, ReportShiftsResponse } from '../../../contract/reports';
import { columnsFor, groupLabels, metricColumns, type MetricColumn, TOTAL_LABEL } from './reportColumns';
import { reportHeader } from './reportExport';

const numberFormat = (decimals: number) => (decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`);
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
/** A spreadsheet's time is a fraction of a day; [h]:mm shows 72:12, past 24 hours. */
const SECONDS_PER_DAY = 86_400;

function figureCell(column: MetricColumn, metrics: ReportResponse['totals']): Cell {
  if (column.seconds) return { value: column.seconds(metrics) / SECONDS_PER_DAY, type: Number, format: '[h]:mm' };
  if (column.pesos) return { value: column.value(metrics), type: Number, format: '"$"#,##0' };
  return { value: column.value(metrics), type: Number, format: numberFormat(column.decimals) };
}

/** The sheet's rows: the period (two date cells), a blank line, the headers, the rows and the totals. */
export function reportSheetRows(report: ReportResponse): Row[] {
  const columns = columnsFor([report.totals]);
  const rows: Row[] = [
    [{ value: 'Desde', ...bold }, { value: asDate(report.from), type: Date, format: XLSX_DATE_FORMAT }, { value: 'Hasta', ...bold }, { value: asDate(report.to), type: Date, format: XLSX_DATE_FORMAT }],
    [],
    reportHeader(report).map((header): Cell => ({ value: header, type: String, ...bold })),
  ];
  const lines: [string, ReportResponse['totals'], boolean][] = [...report.rows.map((row): [string, ReportResponse['totals'], boolean] => [row.name, row, false]), [TOTAL_LABEL, report.totals, true]];
  for (const [name, metrics, isTotal] of lines) {
    const weight = isTotal ? bold : {};
    rows.push([{ value: formulaSafeText(name), type: String, ...weight }, ...columns.map((column): Cell => ({ ...figureCell(column, metrics), ...weight }) as Cell)]);
  }
  return rows;
}

const bold = { fontWeight: 'bold' as const };
const header = (titles: string[]): Row => titles.map((title): Cell => ({ value: title, type: String, ...bold }));

/** "Por día": one row per driver (or taxi) and day, oldest day first. */
export function dailySheetRows(report: ReportResponse, daily: ReportDailyResponse): Row[] {
  const days = [...daily.days].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, 'es'));
  return [
    header(['Día', groupLabels[report.group], ...metricColumns.map((column) => column.header)]),
    ...days.map((day): Row => [{ value: asDate(day.date), type: Date, format: XLSX_DATE_FORMAT }, { value: formulaSafeText(day.name), type: String }, ...metricColumns.map((column) => figureCell(column, day))]),
  ];
}

const seconds = (value: number): Cell => ({ value: value / SECONDS_PER_DAY, type: Number, format: '[h]:mm' });
/** A moment as the fleet's wall clock shows it, for a date-time cell (a spreadsheet has no time zones). */
function wallClock(iso: string, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return new Date(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
}

/** "Por turno": every shift of the period, its start and end in the fleet's time, its figures. */
export function shiftsSheetRows(report: ReportResponse, shifts: ReportShiftsResponse): Row[] {
  const rows: Row[] = [
    header(['Turno', 'Inicio', 'Fin', 'Conductor', 'Vehículo', 'Horas de turno', 'Horas en movimiento', 'Kilómetros', 'Paradas', 'Viajes', 'Velocidad máxima (km/h)']),
    ...shifts.shifts.map((shift): Row => [
      { value: shift.id, type: Number },
      { value: wallClock(shift.start_time, report.time_zone), type: Date, format: XLSX_DATE_TIME_FORMAT },
      shift.end_time ? { value: wallClock(shift.end_time, report.time_zone), type: Date, format: XLSX_DATE_TIME_FORMAT } : { value: 'En curso', type: String },
      { value: formulaSafeText(shift.driver_name), type: String },
      { value: formulaSafeText(shift.plate_number ?? 'Sin vehículo'), type: String },
      seconds(shift.shift_seconds),
      seconds(shift.moving_seconds),
      { value: Math.round(shift.distance_km * 10) / 10, type: Number, format: '0.0' },
      { value: shift.stops, type: Number, format: '0' },
      { value: shift.trips, type: Number, format: '0' },
      { value: Math.round(shift.max_speed_kmh), type: Number, format: '0' },
    ]),
  ];
  if (shifts.limited) rows.push([], [{ value: `Solo los primeros ${shifts.shifts.length} turnos del período: elige un período más corto para verlos todos.`, type: String }]);
  return rows;
}

export async function reportXlsxBlob(report: ReportResponse, daily?: ReportDailyResponse, shifts?: ReportShiftsResponse): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  const figures = metricColumns.map(() => ({ width: 14 }));
  const reportFigures = columnsFor([report.totals]).map(() => ({ width: 14 }));
  const sheets = [
    { data: reportSheetRows(report), sheet: 'Reporte', columns: [{ width: 28 }, ...reportFigures], stickyRowsCount: 3 },
    ...(daily ? [{ data: dailySheetRows(report, daily), sheet: 'Por día', columns: [{ width: 12 }, { width: 28 }, ...figures], stickyRowsCount: 1 }] : []),
    ...(shifts ? [{ data: shiftsSheetRows(report, shifts), sheet: 'Por turno', columns: [{ width: 10 }, { width: 17 }, { width: 17 }, { width: 26 }, { width: 12 }, ...figures.slice(1)], stickyRowsCount: 1 }] : []),
  ];
  return writeXlsxFile(sheets).toBlob();
}
