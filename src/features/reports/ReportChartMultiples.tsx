import { lazy, Suspense } from 'react';
import { LoadingText } from '../../components/LoadingText';
import type { ChartData } from './chartData';

const ReportChart = lazy(() => import(/* webpackChunkName: "report-chart" */ './ReportChart'));

/**
 * One small chart per driver (or taxi), each on its own scale: a driver with 40 km a day reads as
 * clearly as the Total's 400 beside it (one shared axis laid their lines flat at the bottom).
 */
export function ReportChartMultiples({ data, unit }: { data: ChartData; unit: string }) {
  return (
    <ul className="flota-report-multiples" aria-label="Uno por uno, cada uno con su escala">
      {data.series.map((series) => (
        <li key={series.name} className="flota-report-multiples__item">
          <h3>{series.name}</h3>
          <Suspense fallback={<LoadingText>Cargando gráfico...</LoadingText>}>
            <ReportChart data={{ ...data, total: series.values, series: [] }} unit={unit} height={150} totalLabel={series.name} legend={false} />
          </Suspense>
        </li>
      ))}
    </ul>
  );
}
