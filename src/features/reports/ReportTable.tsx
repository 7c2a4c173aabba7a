import type { ReportFigures, ReportRow } from '../../../contract/reports';
import { columnsFor, formatMetric, type MetricColumn, TOTAL_LABEL } from './reportColumns';

interface Props<Row> {
  caption: string;
  firstHeader: string;
  rows: Row[];
  totals?: ReportFigures;
  /** The first cell of a row: a drill-down button, a date... */
  label: (row: Row) => React.ReactNode;
  rowKey: (row: Row) => string;
  /** A cell after the figures (the replay link of a shift). */
  extra?: { header: string; cell: (row: Row) => React.ReactNode };
  /** The figures' columns, when not the report's own (the printed offers table). */
  columns?: MetricColumn[];
}

const cellClass = (column: MetricColumn) => `flota-report-table__number${column.printApart ? ' flota-report-table__print-apart' : ''}`;

/**
 * A report's table: the name, the figures (right-aligned, es-CL numbers) and the totals row. On a
 * wide screen that is narrower than the figures, they scroll sideways inside its own box while the
 * name column stays put (sticky); the box takes the keyboard's focus, so arrows scroll it too. On a
 * phone each row is a card: the name, then every figure beside its column's name (`data-label`),
 * two to a line (issue 46: a pinned name left 2.5 figures in view, the rest behind a sideways scroll).
 */
export function ReportTable<Row extends ReportFigures>({ caption, firstHeader, rows, totals, label, rowKey, extra, columns }: Props<Row>) {
  const metricColumns = columns ?? columnsFor(totals ? [totals, ...rows] : rows);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so a keyboard can scroll it (axe: scrollable-region-focusable)
    <div className="flota-report-table__box" tabIndex={0} role="region" aria-label={caption}>
      <table className="flota-report-table">
        <caption className="flota-report-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{firstHeader}</th>
            {metricColumns.map((column) => (
              <th key={column.header} scope="col" className={cellClass(column)}>
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
                <td key={column.header} className={cellClass(column)} data-label={column.header}>
                  {formatMetric(column, row)}
                </td>
              ))}
              {extra && <td data-label={extra.header}>{extra.cell(row)}</td>}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              <th scope="row">{TOTAL_LABEL}</th>
              {metricColumns.map((column) => (
                <td key={column.header} className={cellClass(column)} data-label={column.header}>
                  {formatMetric(column, totals)}
                </td>
              ))}
              {extra && <td className="flota-report-table__empty" />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

export const rowName = (row: ReportRow) => row.name;
