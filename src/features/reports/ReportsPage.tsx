import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import type { ReportGroup, ReportRow } from '../../../contract/reports';
import { visibleControls } from '../../../contract/plainText';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { TableMessage } from '../../components/DataTable';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { downloadBlob, downloadTextFile } from '../../lib/download';
import { chartData, chartMetricLabels, type ChartMetric } from './chartData';
import { groupLabels, offerColumns } from './reportColumns';
import { ReportChartMultiples } from './ReportChartMultiples';
import { ReportControls } from './ReportControls';
import { ReportDrillDown } from './ReportDrillDown';
import { reportCsv, reportFileName } from './reportExport';
import { describePeriod, localToday, periodAround, type Period } from './reportPeriod';
import { reportsApi, useGetReportDailyQuery, useGetReportQuery } from './reportsApi';
import { ReportTable } from './ReportTable';
import './reports.css';

// uPlot (canvas) comes with the chart only, after the table.
const ReportChart = lazy(() => import(/* webpackChunkName: "report-chart" */ './ReportChart'));

/**
 * Reportes: what each driver or taxi did in a period (shifts, hours, kilometres, stops, trips, top
 * speed) with the totals, a chart per day, a drill-down to a driver's days and a day's shifts (each
 * with its replay), and the report as Excel, CSV or printed on A4. `extraSections`: what other
 * features add for the same period (composed in app/: Mantención's costs per taxi and month).
 */
export function ReportsPage({ extraSections }: { extraSections?: (period: Period) => ReactNode } = {}) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const [period, setPeriod] = useState<Period>(() => periodAround('week', localToday()));
  const [group, setGroup] = useState<ReportGroup>('driver');
  const [metric, setMetric] = useState<ChartMetric>('km');
  const [selected, setSelected] = useState<ReportRow | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const args = { from: period.from, to: period.to, group };
  const report = useGetReportQuery(args, { refetchOnMountOrArgChange: true });
  const daily = useGetReportDailyQuery(args, { refetchOnMountOrArgChange: true });
  const data = report.currentData;
  const chart = useMemo(() => (daily.currentData ? chartData(daily.currentData.days, period.from, period.to, metric, localToday()) : null), [daily.currentData, period.from, period.to, metric]);

  function changePeriod(next: Period) {
    setPeriod(next);
    setDay(null);
  }
  function changeGroup(next: ReportGroup) {
    setGroup(next);
    setSelected(null);
    setDay(null);
  }
  async function exportXlsx() {
    if (!data) return;
    setExporting(true);
    try {
      const [{ reportXlsxBlob }, shifts] = await Promise.all([
        import(/* webpackChunkName: "report-xlsx" */ './reportXlsx'),
        // The period's shifts, for the "Por turno" sheet (the screen asks for a day's only).
        dispatch(reportsApi.endpoints.getReportShifts.initiate(args, { subscribe: false, forceRefetch: true })).unwrap(),
      ]);
      downloadBlob(reportFileName(data, 'xlsx'), await reportXlsxBlob(data, daily.currentData, shifts));
    } catch {
      dispatch(noticeShown('error', 'No se pudo exportar el reporte.'));
    } finally {
      setExporting(false);
    }
  }

  const openShifts = data?.totals.open_shifts ?? 0;
  const pending = data ? data.totals.shifts - data.totals.summarized_shifts - openShifts : 0;

  return (
    <section className="flota-reports" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Reportes" subtitle={`${group === 'driver' ? 'Turnos, horas, kilómetros y ofertas por conductor' : 'Turnos, horas y kilómetros por vehículo'}: ${describePeriod(period)}`}>
        <button type="button" className="flota-button flota-button--primary" disabled={!data || data.rows.length === 0 || exporting} onClick={() => void exportXlsx()}>
          {exporting ? 'Exportando...' : 'Exportar Excel'}
        </button>
        <button type="button" className="flota-button flota-button--secondary" disabled={!data || data.rows.length === 0} onClick={() => data && downloadTextFile(reportFileName(data, 'csv'), reportCsv(data), 'text/csv;charset=utf-8')}>
          Exportar CSV
        </button>
        <button type="button" className="flota-button flota-button--secondary" disabled={!data} onClick={() => window.print()}>
          Imprimir
        </button>
      </PageHeader>
      <ReportControls period={period} group={group} onPeriod={changePeriod} onGroup={changeGroup} />
      {report.isError && !report.isFetching ? (
        <LoadFailure message="No se pudo cargar el reporte." onRetry={() => void report.refetch()} />
      ) : !data ? (
        <LoadingText>Cargando reporte...</LoadingText>
      ) : data.rows.length === 0 ? (
        <TableMessage>No hay turnos en este período.</TableMessage>
      ) : (
        <>
          <ReportTable
            caption={`Reporte ${group === 'driver' ? 'por conductor' : 'por vehículo'}, ${describePeriod(period)}`}
            firstHeader={groupLabels[group]}
            rows={data.rows}
            totals={data.totals}
            rowKey={(row) => `${row.id ?? 'none'}`}
            label={(row) =>
              row.id === null ? (
                visibleControls(row.name)
              ) : (
                <button type="button" className="flota-report-link" aria-pressed={selected?.id === row.id} onClick={() => { setSelected(row); setDay(null); }}>
                  {visibleControls(row.name)}
                </button>
              )
            }
          />
          {data.totals.offers && (
            // Only on paper, where the report's table keeps its eleven columns: the screen shows these in it.
            <div className="flota-report-print-apart">
              <ReportTable caption={`Ofertas por conductor, ${describePeriod(period)}`} firstHeader={groupLabels[group]} rows={data.rows} totals={data.totals} rowKey={(row) => `${row.id ?? 'none'}`} label={(row) => visibleControls(row.name)} columns={offerColumns} />
            </div>
          )}
          {(openShifts > 0 || pending > 0) && (
            <p className="flota-reports__note">
              {[openShifts > 0 && `${openShifts} turno(s) en curso`, pending > 0 && `${pending} turno(s) con resumen pendiente`].filter(Boolean).join(' y ')}
              {': suman turnos y horas de turno; sus kilómetros, paradas y viajes se cuentan al terminar.'}
            </p>
          )}
          {selected && <ReportDrillDown from={period.from} to={period.to} group={group} entity={selected} day={day} onDay={setDay} onClose={() => setSelected(null)} />}
          <section className="flota-report-chart" aria-label="Gráfico por día">
            <div className="flota-report-chart__head">
              <h2>{`${chartMetricLabels[metric]} por día`}</h2>
              <fieldset className="flota-report-segmented">
                <legend><VisuallyHidden>Mostrar</VisuallyHidden></legend>
                {(Object.keys(chartMetricLabels) as ChartMetric[]).map((option) => (
                  <button key={option} type="button" className="flota-report-segmented__option" aria-pressed={metric === option} onClick={() => setMetric(option)}>
                    {chartMetricLabels[option]}
                  </button>
                ))}
              </fieldset>
            </div>
            {chart ? (
              <>
                <Suspense fallback={<LoadingText>Cargando gráfico...</LoadingText>}>
                  <ReportChart data={{ ...chart, series: [] }} unit={metric === 'km' ? 'km' : 'horas'} />
                </Suspense>
                {chart.series.length > 0 && <ReportChartMultiples data={chart} unit={metric === 'km' ? 'km' : 'horas'} />}
              </>
            ) : daily.isError ? (
              <LoadFailure message="No se pudo cargar el gráfico." onRetry={() => void daily.refetch()} />
            ) : (
              <LoadingText>Cargando gráfico...</LoadingText>
            )}
          </section>
        </>
      )}
      {extraSections?.(period)}
    </section>
  );
}
