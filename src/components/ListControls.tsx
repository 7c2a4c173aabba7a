import { useId } from 'react';
import './listControls.css';

export const listViews = ['cards', 'table'] as const;
export type ListView = (typeof listViews)[number];
export type StatusFilter = 'all' | 'active' | 'inactive';

interface Props<S extends string> {
  sort: S;
  sortOptions: { value: S; label: string }[];
  onSortChange: (sort: S) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  view: ListView;
  onViewChange: (view: ListView) => void;
}

/** Ordenar por, Estado (Todos / Activo / Inactivo) and Tarjetas / Tabla, beside a list's search box. */
export function ListControls<S extends string>({ sort, sortOptions, onSortChange, status, onStatusChange, view, onViewChange }: Props<S>) {
  const sortId = useId();
  const statusId = useId();
  return (
    <div className="flota-list-controls">
      <span className="flota-list-controls__field">
        <label htmlFor={sortId}>Ordenar por</label>
        <select id={sortId} value={sort} onChange={(event) => onSortChange(event.target.value as S)}>
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
      <span className="flota-list-controls__field">
        <label htmlFor={statusId}>Estado</label>
        <select id={statusId} value={status} onChange={(event) => onStatusChange(event.target.value as StatusFilter)}>
          <option value="all">Todos</option>
          <option value="active">Activo</option>
          <option value="inactive">Inactivo</option>
        </select>
      </span>
      <span className="flota-list-controls__views" role="group" aria-label="Vista">
        <button type="button" aria-pressed={view === 'cards'} onClick={() => onViewChange('cards')}>
          Tarjetas
        </button>
        <button type="button" aria-pressed={view === 'table'} onClick={() => onViewChange('table')}>
          Tabla
        </button>
      </span>
    </div>
  );
}

/** Whether a record passes the Estado filter. */
export function matchesStatus(status: StatusFilter, isActive: boolean): boolean {
  return status === 'all' || (status === 'active') === isActive;
}
