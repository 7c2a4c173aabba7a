/**
 * The report's columns as the screen, the CSV and the .xlsx show them: Spanish headers, and each
 * figure as a number (hours in hours with decimals, so a spreadsheet adds them up).
 */
import type { ReportGroup, ReportMetrics } from '../../../contract/reports';

export const groupLabels: Record<ReportGroup, string> = { driver: 'Conductor', vehicle: 'Vehículo' };

export interface MetricColumn {
  header: string;
  value: (m: ReportMetrics) => number;
  /** How many decimals the screen and the files show. */
  decimals: number;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export const metricColumns: MetricColumn[] = [
  { header: 'Turnos', value: (m) => m.shifts, decimals: 0 },
  { header: 'Horas de turno', value: (m) => hours(m.shift_seconds), decimals: 2 },
  { header: 'Horas en movimiento', value: (m) => hours(m.moving_seconds), decimals: 2 },
  { header: 'Kilómetros', value: (m) => Math.round(m.distance_km * 10) / 10, decimals: 1 },
  { header: 'Paradas', value: (m) => m.stops, decimals: 0 },
  { header: 'Viajes', value: (m) => m.trips, decimals: 0 },
  { header: 'Velocidad máxima (km/h)', value: (m) => Math.round(m.max_speed_kmh), decimals: 0 },
];

const formats = [0, 1, 2].map((decimals) => new Intl.NumberFormat('es-CL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));

export const formatMetric = (column: MetricColumn, metrics: ReportMetrics) => formats[column.decimals].format(column.value(metrics));

export const TOTAL_LABEL = 'Total';
