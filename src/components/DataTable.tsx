import type { ReactNode } from 'react';
import './dataTable.css';

/**
 * A screen's table of results (Historial, Actividad) in its bordered box, which scrolls when the
 * table is wider. The screen's classes add its own look: boxClassName to the box, className to the
 * table.
 */
export function DataTable({ boxClassName, className, children }: { boxClassName: string; className: string; children: ReactNode }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={`flota-data-table__box ${boxClassName}`} tabIndex={0}>
      <table className={`flota-data-table ${className}`}>{children}</table>
    </div>
  );
}

/** A sentence shown instead of the table (nothing found) or above it (a note on the results). */
export function TableMessage({ children, className }: { children: string; className?: string }) {
  return <p className={['flota-data-table__message', className].filter(Boolean).join(' ')}>{children}</p>;
}
