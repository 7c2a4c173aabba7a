/**
 * The chart's numbers from GET /reports/daily: every day of the period (zeros where nothing
 * happened), the total per day, and the top five drivers or vehicles as their own series.
 */
import type { ReportDayRow } from '../../../contract/reports';
import { datesOf, formatDay } from './reportPeriod';

export type ChartMetric = 'km' | 'hours';
export const chartMetricLabels: Record<ChartMetric, string> = { km: 'Kilómetros', hours: 'Horas de turno' };

export interface ChartData {
  dates: string[];
  labels: string[];
  x: number[];
  total: number[];
  series: { name: string; values: number[] }[];
}

const valueOf = (row: ReportDayRow, metric: ChartMetric) => (metric === 'km' ? row.distance_km : row.shift_seconds / 3600);
const round1 = (value: number) => Math.round(value * 10) / 10;

export function chartData(days: ReportDayRow[], from: string, to: string, metric: ChartMetric, top = 5): ChartData {
  const dates = datesOf(from, to);
  const index = new Map(dates.map((date, i) => [date, i]));
  const total = dates.map(() => 0);
  const perEntity = new Map<string, { name: string; sum: number; values: number[] }>();
  for (const row of days) {
    const i = index.get(row.date);
    if (i === undefined) continue;
    const value = valueOf(row, metric);
    total[i] += value;
    const key = `${row.id ?? 'none'}`;
    const entry = perEntity.get(key) ?? { name: row.name, sum: 0, values: dates.map(() => 0) };
    entry.values[i] += value;
    entry.sum += value;
    perEntity.set(key, entry);
  }
  const series = [...perEntity.values()]
    .sort((a, b) => b.sum - a.sum)
    .slice(0, top)
    .map(({ name, values }) => ({ name, values: values.map(round1) }));
  return { dates, labels: dates.map(formatDay), x: dates.map((_, i) => i), total: total.map(round1), series };
}
