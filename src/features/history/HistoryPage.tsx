import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Shift } from '../../../contract/entities';
import { TableMessage } from '../../components/DataTable';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { downloadTextFile } from '../../lib/download';
import { formatDuration } from '../../lib/format';
import { useGetHistoryDriversQuery, useGetShiftHistoryQuery } from './historyApi';
import { historyCsv, historyCsvFileName } from './historyCsv';
import { filterErrors, filtersFromSearchParams, filtersToSearchParams, type HistoryFilters } from './historyFilters';
import { HistoryFiltersForm } from './HistoryFiltersForm';
import { HistoryTable } from './HistoryTable';
import { RoutePanel } from './RoutePanel';
import { finishedSeconds } from './shiftDisplay';
import './history.css';

/** Counts as written in Chile: 18.250. */
const countText = (count: number) => count.toLocaleString('es-CL');

/**
 * Historial de Turnos. The applied filters live in the URL (?driver_id=&start_date=&end_date=), so
 * a view survives a reload and can be shared; the form only applies them on Buscar.
 */
export function HistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const appliedKey = filtersToSearchParams(applied).toString();
  // Filters that break the contract's rules (a hand-edited link) are shown as errors, not sent.
  const valid = Object.keys(filterErrors(applied)).length === 0;
  // Shifts start and end all the time: every search asks the server again.
  const history = useGetShiftHistoryQuery(valid ? applied : skipToken, { refetchOnMountOrArgChange: true });
  const driversQuery = useGetHistoryDriversQuery();
  const driversData = driversQuery.data;
  const [routeShift, setRouteShift] = useState<Shift | null>(null);
  const closeRoute = useCallback(() => setRouteShift(null), []);
  const titleId = useId();

  const drivers = useMemo(
    () => [...(driversData?.drivers ?? [])].sort((a, b) => `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`, 'es')),
    [driversData],
  );
  // A failed request shows the empty text, as the spec asks, and a failure line with Reintentar.
  const result = history.isError ? undefined : history.currentData;
  const shifts = result?.shifts ?? [];

  /** Buscar and Limpiar: the same filters again still search again. */
  function applyFilters(filters: HistoryFilters) {
    const next = filtersToSearchParams(filters);
    if (valid && next.toString() === appliedKey) history.refetch();
    // flushSync: the filters apply at once rather than in a router transition. A transition started
    // inside a submit handler would also make React build a FormData of the form (for
    // useFormStatus), which the FormData of the jsdom test environment cannot do.
    else setSearchParams(next, { flushSync: true });
  }

  return (
    <section className="flota-history" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Historial de Turnos" subtitle="Turnos de tus conductores por conductor y fechas">
        <button
          type="button"
          className="flota-button flota-button--secondary"
          disabled={history.isFetching || shifts.length === 0}
          onClick={() => downloadTextFile(historyCsvFileName(), historyCsv(shifts), 'text/csv;charset=utf-8')}
        >
          Exportar CSV
        </button>
      </PageHeader>
      {/* Keyed by the applied filters: going back or forward in the browser refills the fields. */}
      <HistoryFiltersForm key={appliedKey} initial={applied} drivers={drivers} onApply={applyFilters} />
      {(history.isError || driversQuery.isError) && !history.isFetching && (
        <LoadFailure
          message={history.isError ? 'No se pudo cargar el historial de turnos.' : 'No se pudo cargar la lista de conductores.'}
          onRetry={() => {
            if (history.isError) void history.refetch();
            if (driversQuery.isError) void driversQuery.refetch();
          }}
        />
      )}
      {history.isFetching ? (
        <LoadingText>Cargando historial...</LoadingText>
      ) : shifts.length === 0 ? (
        <TableMessage>No se encontraron turnos con los filtros seleccionados.</TableMessage>
      ) : (
        <>
          {result?.limited && (
            <TableMessage className="flota-history-note">{`Mostrando los ${countText(shifts.length)} turnos más recientes de ${countText(result.total ?? shifts.length)}. Acota los filtros para ver el resto.`}</TableMessage>
          )}
          <HistoryTable shifts={shifts} onShowRoute={setRouteShift} />
          <div className="flota-history-footer">
            <p>{`Mostrando ${shifts.length} turno(s).`}</p>
            <p title="Suma de los turnos finalizados que se muestran; los turnos en curso no se cuentan.">{`Total: ${formatDuration(finishedSeconds(shifts))}`}</p>
          </div>
        </>
      )}
      {routeShift && <RoutePanel shift={routeShift} onClose={closeRoute} />}
    </section>
  );
}
