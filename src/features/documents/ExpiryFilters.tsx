/** Vencimientos' filters: vehicles or drivers, expired or expiring, which document, and how many days ahead. */
import { documentKindLabels, documentKinds, type DocumentKind } from '../../../contract/documents';

const WINDOWS = [30, 60, 90, 180];
export type SubjectFilter = 'all' | 'vehicle' | 'driver';
export type StatusFilter = 'all' | 'vencido' | 'por_vencer';

export interface ExpiryFilterValues {
  subject: SubjectFilter;
  status: StatusFilter;
  kind: DocumentKind | 'all';
}

interface ExpiryFiltersProps extends ExpiryFilterValues {
  windowDays: number;
  setSubject(subject: SubjectFilter): void;
  setStatus(status: StatusFilter): void;
  setKind(kind: DocumentKind | 'all'): void;
  setDays(days: number): void;
}

export function ExpiryFilters({ subject, status, kind, windowDays, setSubject, setStatus, setKind, setDays }: ExpiryFiltersProps) {
  return (
    <form className="flota-expiries__filters" aria-label="Filtros de vencimientos" onSubmit={(event) => event.preventDefault()}>
      <label>
        Mostrar
        <select value={subject} onChange={(event) => setSubject(event.target.value as SubjectFilter)}>
          <option value="all">Vehículos y conductores</option>
          <option value="vehicle">Vehículos</option>
          <option value="driver">Conductores</option>
        </select>
      </label>
      <label>
        Estado
        <select value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
          <option value="all">Vencidos y por vencer</option>
          <option value="vencido">Vencidos</option>
          <option value="por_vencer">Por vencer</option>
        </select>
      </label>
      <label>
        Documento
        <select value={kind} onChange={(event) => setKind(event.target.value as DocumentKind | 'all')}>
          <option value="all">Todos</option>
          {documentKinds.map((k) => (
            <option key={k} value={k}>
              {documentKindLabels[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Próximos
        <select value={windowDays} onChange={(event) => setDays(Number(event.target.value))}>
          {[...new Set([...WINDOWS, windowDays])].sort((a, b) => a - b).map((d) => (
            <option key={d} value={d}>
              {d} días
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
