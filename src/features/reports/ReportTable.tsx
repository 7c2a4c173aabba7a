import type { ReportMetrics, ReportRow } from '../../../contract/reports';
import { columnsFor, formatMetric, TOTAL_LABEL } from './reportColumns';

interface Props<Row> {
  caption: string;
  firstHeader: string;
  rows: Row[];
  totals?: ReportMetrics;
  /** The first cell of a row: a drill-down button, a date... */
  label: (row: Row) => React.ReactNode;
  rowKey: (row: Row) => string;
  /** A cell after the figures (the replay link of a shift). */
  extra?: { header: string; cell: (row: Row) => React.ReactNode };
}

/**
 * A report's table: the name, the figures (right-aligned, es-CL numbers) and the totals row. It
 * scrolls sideways inside its own box on a phone; the page never does.
 */
export function ReportTable<Row extends ReportMetrics>({ caption, firstHeader, rows, totals, label, rowKey, extra }: Props<Row>) {
  const metricColumns = columnsFor(totals ? [totals, ...rows] : rows);
  return (
    <div className="flota-report-table__box">
      <table className="flota-report-table">
        <caption className="flota-report-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstHeader}</th>
            {metricColumns.map((column) => (
              <th key={column.header} scope="col" className="flota-report-table__number">
                {column.header}
              </th>
            ))}
            {extra && <th scope="col">{extra.header}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row">{label(row)}</th>
              {metricColumns.map((column) => (
                <td key={column.header} className="flota-report-table__number">
                  {formatMetric(column, row)}
                </td>
              ))}
              {extra && <td>{extra.cell(row)}</td>}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              <th scope="row">{TOTAL_LABEL}</th>
              {metricColumns.map((column) => (
                <td key={column.header} className="flota-report-table__number">
                  {formatMetric(column, totals)}
                </td>
              ))}
              {extra && <td />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

export const rowName = (row: ReportRow) => row.name;
