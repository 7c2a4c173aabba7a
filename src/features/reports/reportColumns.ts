/**
 * The report's columns as the screen, the CSV and the .xlsx show them: Spanish headers, and each
 * figure as a number. Times read on screen as the history reads them ("72h 12m", the spec's Xh Ym:
 * Reportes said "72,20" where Historial said "6h 35m"); the CSV keeps hours with decimals, which a
 * spreadsheet adds up, and the .xlsx a duration cell ([h]:mm).
 */
import { formatDuration } from '../../../contract/duration';
import type { ReportGroup, ReportMetrics } from '../../../contract/reports';

export const groupLabels: Record<ReportGroup, string> = { driver: 'Conductor', vehicle: 'Vehículo' };

export interface MetricColumn {
  header: string;
  value: (m: ReportMetrics) => number;
  /** How many decimals the screen and the files show. */
  decimals: number;
  /** A time column: its seconds, shown as Xh Ym on screen and as a duration in the .xlsx. */
  seconds?: (m: ReportMetrics) => number;
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

const formats = [0, 1, 2].map((decimals) => new Intl.NumberFormat('es-CL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));

export const formatMetric = (column: MetricColumn, metrics: ReportMetrics) =>
  column.seconds ? formatDuration(column.seconds(metrics)) : formats[column.decimals].format(column.value(metrics));

export const TOTAL_LABEL = 'Total';
