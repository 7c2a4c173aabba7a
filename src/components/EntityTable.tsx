import type { ReactNode } from 'react';
import { DataTable } from './DataTable';
import { VisuallyHidden } from './VisuallyHidden';

/** One column: its header and what each row shows in it. */
export interface EntityColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
  className?: string;
}

interface EntityTableProps<Row> {
  /** Read by screen readers only: the screen's heading already says it. */
  caption: string;
  rows: readonly Row[];
  rowKey(row: Row): number | string;
  /** The first column: each row's name, a row header a link can focus (useFocusHighlighted). */
  title: EntityColumn<Row>;
  columns: readonly EntityColumn<Row>[];
  /** The last column, headed "Acciones" for screen readers; none for a read-only viewer. */
  actions?: (row: Row) => ReactNode;
  actionsClassName?: string;
  highlighted?(row: Row): boolean;
  boxClassName?: string;
  className?: string;
}

/**
 * A list screen's table, one line per entity (Conductores, Vehículos, Lugares): the columns are
 * declared by the screen, the markup (row headers, the hidden caption and actions header, the
 * highlighted row) is the same for all.
 */
export function EntityTable<Row>({
  caption,
  rows,
  rowKey,
  title,
  columns,
  actions,
  actionsClassName = 'flota-entity-table__actions',
  highlighted,
  boxClassName = 'flota-entity-table__box',
  className = 'flota-entity-table',
}: EntityTableProps<Row>) {
  return (
    <DataTable boxClassName={boxClassName} className={className}>
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          {[title, ...columns].map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <VisuallyHidden>Acciones</VisuallyHidden>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={highlighted?.(row) ? 'flota-row--highlight' : undefined}>
            <th scope="row" className={['flota-row-title', title.className].filter(Boolean).join(' ')} tabIndex={-1}>
              {title.cell(row)}
            </th>
            {columns.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
            {actions && (
              <td>
                <span className={actionsClassName}>{actions(row)}</span>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
