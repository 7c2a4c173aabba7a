/**
 * Exportar Excel: a real .xlsx written by write-excel-file (loaded only when asked, ~21 KB).
 * Figures are number cells with their format, the period's dates are date cells, names are text
 * cells (never formulas) that went through the same formula guard as the CSV, and the last row is
 * the totals, in bold.
 */
import type { Cell, Row } from 'write-excel-file/browser';
import { formulaSafeText } from '../../../contract/csv';
import type { ReportResponse } from '../../../contract/reports';
import { metricColumns } from './reportColumns';
import { reportHeader, reportTable } from './reportExport';

const numberFormat = (decimals: number) => (decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`);
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The sheet's rows: the period (two date cells), a blank line, the headers, the rows and the totals. */
export function reportSheetRows(report: ReportResponse): Row[] {
  const bold = { fontWeight: 'bold' as const };
  const table = reportTable(report);
  const rows: Row[] = [
    [{ value: 'Desde', ...bold }, { value: asDate(report.from), type: Date, format: 'dd/mm/yyyy' }, { value: 'Hasta', ...bold }, { value: asDate(report.to), type: Date, format: 'dd/mm/yyyy' }],
    [],
    reportHeader(report).map((header): Cell => ({ value: header, type: String, ...bold })),
  ];
  table.forEach(([name, ...figures], index) => {
    const isTotal = index === table.length - 1;
    rows.push([
      { value: formulaSafeText(name), type: String, ...(isTotal ? bold : {}) },
      ...figures.map((figure, i): Cell => ({ value: figure, type: Number, format: numberFormat(metricColumns[i].decimals), ...(isTotal ? bold : {}) })),
    ]);
  });
  return rows;
}

export async function reportXlsxBlob(report: ReportResponse): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx" */ 'write-excel-file/browser');
  const columns = [{ width: 28 }, ...metricColumns.map(() => ({ width: 14 }))];
  return writeXlsxFile(reportSheetRows(report), { columns, sheet: 'Reporte', stickyRowsCount: 3 }).toBlob();
}
