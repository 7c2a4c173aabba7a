/**
 * Exportar Excel: a real .xlsx written by write-excel-file (loaded only when asked, ~21 KB).
 * Figures are number cells with their format (times as durations, [h]:mm), the period's dates are date cells, names are text
 * cells (never formulas) that went through the same formula guard as the CSV, and the last row is
 * the totals, in bold.
 */
import type { Cell, Row } from 'write-excel-file/browser';
import { formulaSafeText } from '../../../contract/csv';
import type { ReportResponse } from '../../../contract/reports';
import { columnsFor, type MetricColumn, TOTAL_LABEL } from './reportColumns';
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
  const metricColumns = columnsFor([report.totals]);
  const bold = { fontWeight: 'bold' as const };
  const rows: Row[] = [
    [{ value: 'Desde', ...bold }, { value: asDate(report.from), type: Date, format: 'dd/mm/yyyy' }, { value: 'Hasta', ...bold }, { value: asDate(report.to), type: Date, format: 'dd/mm/yyyy' }],
    [],
    reportHeader(report).map((header): Cell => ({ value: header, type: String, ...bold })),
  ];
  const lines: [string, ReportResponse['totals'], boolean][] = [...report.rows.map((row): [string, ReportResponse['totals'], boolean] => [row.name, row, false]), [TOTAL_LABEL, report.totals, true]];
  for (const [name, metrics, isTotal] of lines) {
    const weight = isTotal ? bold : {};
    rows.push([{ value: formulaSafeText(name), type: String, ...weight }, ...metricColumns.map((column): Cell => ({ ...figureCell(column, metrics), ...weight }) as Cell)]);
  }
  return rows;
}

export async function reportXlsxBlob(report: ReportResponse): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  const columns = [{ width: 28 }, ...columnsFor([report.totals]).map(() => ({ width: 14 }))];
  return writeXlsxFile(reportSheetRows(report), { columns, sheet: 'Reporte', stickyRowsCount: 3 }).toBlob();
}
