/**
 * The report's columns as the screen, the CSV and the .xlsx show them: Spanish headers, and each
 * figure as a number. Times read on screen as the history reads them ("72h 12m", the spec's Xh Ym:
 * Reportes said "72,20" where Historial said "6h 35m"); the CSV keeps hours with decimals, which a
 * spreadsheet adds up, and the .xlsx a duration cell ([h]:mm).
 */
import { formatDuration } from '../../../contract/duration';
import { formatPesos } from '../../../contract/money';
import type { ReportFigures, ReportGroup } from '../../../contract/reports';

export const groupLabels: Record<ReportGroup, string> = { driver: 'Conductor', vehicle: 'Vehículo' };

export interface MetricColumn {
  header: string;
  value: (m: ReportFigures) => number;
  /** How many decimals the screen and the files show. */
  decimals: number;
  /** A time column: its seconds, shown as Xh Ym on screen and as a duration in the .xlsx. */
  seconds?: (m: ReportFigures) => number;
  /** A money column: whole pesos, shown as $20.000 on screen and in the .xlsx. */
  pesos?: boolean;
  /** Printed in a table of its own under the report's: an A4 page's width holds eleven columns, not fifteen. */
  printApart?: boolean;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export const metricColumns: MetricColumn[] = [
  { header: 'Turnos', value: (m) => m.shifts, decimals: 0 },
  { header: 'Horas de turno', value: (m) => hours(m.shift_seconds), decimals: 2, seconds: (m) => m.shift_seconds },
  { header: 'Horas en movimiento', value: (m) => hours(m.moving_seconds), decimals: 2, seconds: (m) => m.moving_seconds },
  { header: 'Kilómetros', value: (m) => Math.round(m.distance_km * 10) / 10, decimals: 1 },
  { header: 'Paradas', value: (m) => m.stops, decimals: 0 },
  { header: 'Viajes', value: (m) => m.trips, decimals: 0 },
  { header: 'Velocidad máxima (km/h)', value: (m) => Math.round(m.max_speed_kmh), decimals: 0 },
];

/** Income from the trips' fares (issue 35): typed from the taxímetro or estimated by Flota, and how much of it was estimated. */
export const fareColumns: MetricColumn[] = [
  { header: 'Ingresos', value: (m) => m.fares_pesos, decimals: 0, pesos: true },
  { header: 'Ingresos estimados', value: (m) => m.estimated_fares_pesos, decimals: 0, pesos: true },
];

/** Despacho's offers to each driver (issue 38), in the desk's words: a refusal ("rechazo") apart from silence ("sin respuesta"). */
export const offerColumns: MetricColumn[] = [
  { header: 'Ofertas', value: (m) => m.offers?.received ?? 0, decimals: 0, printApart: true },
  { header: 'Aceptadas', value: (m) => m.offers?.accepted ?? 0, decimals: 0, printApart: true },
  { header: 'Rechazadas', value: (m) => m.offers?.declined ?? 0, decimals: 0, printApart: true },
  { header: 'Sin respuesta', value: (m) => m.offers?.unanswered ?? 0, decimals: 0, printApart: true },
];

/**
 * The columns a report shows: the income ones only when some trip of it has a fare (a fleet that
 * records none sees none), the offers when the report counts them (by driver).
 */
export const columnsFor = (metrics: readonly ReportFigures[]): MetricColumn[] => [
  ...metricColumns,
  ...(metrics.some((m) => m.fares_pesos > 0) ? fareColumns : []),
  ...(metrics.some((m) => m.offers !== undefined) ? offerColumns : []),
];

const formats = [0, 1, 2].map((decimals) => new Intl.NumberFormat('es-CL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));

export const formatMetric = (column: MetricColumn, metrics: ReportFigures) =>
  column.seconds ? formatDuration(column.seconds(metrics)) : column.pesos ? formatPesos(column.value(metrics)) : formats[column.decimals].format(column.value(metrics));

export const TOTAL_LABEL = 'Total';
