import { useId, useState } from 'react';
import { ACTIVITY_PAGE_SIZE_DEFAULT, ACTIVITY_PAGE_SIZE_MAX, type ActivityQuery } from '../../../contract/api';
import type { ActivityEntry } from '../../../contract/entities';
import { useAppDispatch } from '../../app/hooks';
import { DataTable, TableMessage } from '../../components/DataTable';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { downloadTextFile } from '../../lib/download';
import { activityCsv, activityCsvFileName } from './activityCsv';
import { useGetActivityQuery, useLazyGetActivityQuery } from './activityApi';
import { activityRow } from './activityDisplay';
import { ActivityFiltersForm, noFilters, type ActivityFilters } from './ActivityFiltersForm';
import './activity.css';

/** The export stops here: 50 pages of 200 entries. */
const EXPORT_MAX_PAGES = 50;

function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <DataTable boxClassName="flota-activity-table-wrap" className="flota-activity-table">
      <thead>
        <tr>
          <th scope="col">Fecha y hora</th>
          <th scope="col">Persona</th>
          <th scope="col">Acción</th>
          <th scope="col">Cambios</th>
          <th scope="col">Dirección IP</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const row = activityRow(entry);
          return (
            <tr key={entry.id}>
              <td className="flota-activity-table__when">{row.when}</td>
              <td>
                <div className="flota-activity-table__who">{row.who}</div>
                <div className="flota-activity-table__role">{row.role}</div>
              </td>
              <td>{row.what}</td>
              <td>
                <ul className="flota-activity-changes">
                  {row.changes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </td>
              <td className="flota-activity-table__ip">{row.ip}</td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

/** Actividad (owner and administrators): who changed what, newest first, filtered, paginated, exportable. */
export function ActivityPage() {
  const dispatch = useAppDispatch();
  const [filters, setFilters] = useState<ActivityFilters>(noFilters);
  const [page, setPage] = useState(1);
  const query = { ...filters, entity: (filters.entity || undefined) as ActivityQuery['entity'] };
  const { data, isFetching, error } = useGetActivityQuery({ ...query, page, page_size: ACTIVITY_PAGE_SIZE_DEFAULT }, { refetchOnMountOrArgChange: true });
  const [fetchPage, exporting] = useLazyGetActivityQuery();
  const titleId = useId();
  useFailureNotice(error, 'Error al cargar la actividad');

  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  async function exportCsv() {
    try {
      const entries: ActivityEntry[] = [];
      for (let p = 1; p <= EXPORT_MAX_PAGES; p += 1) {
        const answer = await fetchPage({ ...query, page: p, page_size: ACTIVITY_PAGE_SIZE_MAX }).unwrap();
        entries.push(...answer.entries);
        if (entries.length >= answer.total) break;
      }
      downloadTextFile(activityCsvFileName(), activityCsv(entries), 'text/csv;charset=utf-8');
    } catch {
      dispatch(noticeShown('error', 'Error al exportar la actividad'));
    }
  }

  return (
    <section className="flota-activity" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Actividad" subtitle="Quién cambió qué en tu flota, y cuándo">
        <button type="button" className="flota-button flota-button--secondary" disabled={exporting.isFetching || !data?.total} onClick={() => void exportCsv()}>
          Exportar CSV
        </button>
      </PageHeader>
      <ActivityFiltersForm
        actors={data?.actors ?? []}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {isFetching && !data ? (
        <LoadingText>Cargando actividad...</LoadingText>
      ) : !data || data.entries.length === 0 ? (
        <TableMessage>No hay actividad con los filtros seleccionados.</TableMessage>
      ) : (
        <>
          <ActivityTable entries={data.entries} />
          <nav className="flota-activity-pager" aria-label="Páginas de la actividad">
            <button type="button" className="flota-button flota-button--secondary" disabled={page <= 1 || isFetching} onClick={() => setPage(page - 1)}>
              Anterior
            </button>
            <span>{`Página ${data.page} de ${pages} · ${data.total.toLocaleString('es-CL')} registro(s)`}</span>
            <button type="button" className="flota-button flota-button--secondary" disabled={page >= pages || isFetching} onClick={() => setPage(page + 1)}>
              Siguiente
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
