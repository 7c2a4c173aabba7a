/**
 * The chart's numbers from GET /reports/daily: every day of the period (zeros where nothing
 * happened, nothing at all for the days still to come: a week seen on Wednesday does not dive to 0 on
 * Thursday), the total per day, and the top five drivers or vehicles as their own series.
 */
import type { ReportDayRow } from '../../../contract/reports';
import { datesOf, formatDay } from './reportPeriod';

export type ChartMetric = 'km' | 'hours';
export const chartMetricLabels: Record<ChartMetric, string> = { km: 'Kilómetros', hours: 'Horas de turno' };

export interface ChartData {
  dates: string[];
  labels: string[];
  x: number[];
  /** null: a day after today, not plotted. */
  total: (number | null)[];
  series: { name: string; values: (number | null)[] }[];
}

const valueOf = (row: ReportDayRow, metric: ChartMetric) => (metric === 'km' ? row.distance_km : row.shift_seconds / 3600);
const round1 = (value: number) => Math.round(value * 10) / 10;

export function chartData(days: ReportDayRow[], from: string, to: string, metric: ChartMetric, today: string, top = 5): ChartData {
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
  const shown = (values: number[]) => values.map((value, i) => (dates[i] > today ? null : round1(value)));
  const series = [...perEntity.values()]
    .sort((a, b) => b.sum - a.sum)
    .slice(0, top)
    .map(({ name, values }) => ({ name, values: shown(values) }));
  return { dates, labels: dates.map(formatDay), x: dates.map((_, i) => i), total: shown(total), series };
}
