import type { FormEvent, ReactNode } from 'react';
import './filterBar.css';

interface Props {
  /** The screen's own class: it sets the columns of the bar and where the buttons go when narrow. */
  className: string;
  /** The form's accessible name, e.g. "Filtros del historial". */
  label: string;
  /** Buscar (or Enter): the screen validates and applies its fields. */
  onSubmit: (event: FormEvent) => void;
  /** Limpiar: the screen empties its fields and applies no filters. */
  onClear: () => void;
  /** The filter fields, in the order they show. */
  children: ReactNode;
}

/** A list screen's filter bar (Historial, Actividad): the fields in one row, then Buscar and Limpiar. */
export function FilterBar({ className, label, onSubmit, onClear, children }: Props) {
  return (
    <form className={`flota-filter-bar ${className}`} onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <div className="flota-filter-bar__actions">
        <button type="submit" className="flota-button flota-button--primary">
          Buscar
        </button>
        <button type="button" className="flota-button flota-button--secondary" onClick={onClear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}
