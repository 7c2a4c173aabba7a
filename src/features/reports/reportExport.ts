/**
 * The report as files: CSV through contract/csv.ts (the formula guard every export uses) and the
 * rows of the .xlsx (reportXlsx.ts writes them). A name is text, a figure a number.
 */
import { toCsv } from '../../../contract/csv';
import type { ReportResponse } from '../../../contract/reports';
import { columnsFor, groupLabels, TOTAL_LABEL } from './reportColumns';

export function reportHeader(report: ReportResponse): string[] {
  return [groupLabels[report.group], ...columnsFor([report.totals]).map((column) => column.header)];
}

/** Every row, then the totals row: [name, ...figures]. */
export function reportTable(report: ReportResponse): Array<[string, ...number[]]> {
  const columns = columnsFor([report.totals]);
  const line = (name: string, metrics: ReportResponse['totals']): [string, ...number[]] => [name, ...columns.map((column) => column.value(metrics))];
  return [...report.rows.map((row) => line(row.name, row)), line(TOTAL_LABEL, report.totals)];
}

export const reportFileName = (report: ReportResponse, extension: 'csv' | 'xlsx') =>
  `reporte-${report.group === 'driver' ? 'conductores' : 'vehiculos'}-${report.from}-a-${report.to}.${extension}`;

export function reportCsv(report: ReportResponse): string {
  return toCsv(reportHeader(report), reportTable(report));
}
