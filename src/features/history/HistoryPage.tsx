import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Shift } from '../../../contract/entities';
import { TableMessage } from '../../components/DataTable';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { formatDuration } from '../../lib/format';
import { loadedShifts, useGetHistoryDriversQuery, useGetHistoryVehiclesQuery, useGetShiftHistoryInfiniteQuery } from './historyApi';
import { filterErrors, filtersFromSearchParams, filtersToSearchParams, type HistoryFilters } from './historyFilters';
import { HistoryFiltersForm } from './HistoryFiltersForm';
import { HistoryTable } from './HistoryTable';
import { RoutePanel } from './RoutePanel';
import { WhereWasEveryone } from './positionsAt/WhereWasEveryone';
import { finishedSeconds } from './shiftDisplay';
import { useHistoryCsvExport } from './useHistoryCsvExport';
import './history.css';

/**
 * The spec's footer for the rows on screen, and of how many when more are still to load ("más de"
 * when the server stopped counting: a fleet's years of shifts are not counted on every page).
 */
function shownText(shown: number, total: number, exact: boolean): string {
  if (total <= shown) return `Mostrando ${shown} turno(s).`;
  return `Mostrando ${shown} turno(s) de ${exact ? '' : 'más de '}${total.toLocaleString('es-CL')}.`;
}

/**
 * Historial de Turnos. The applied filters live in the URL (?driver_id=&vehicle_id=&start_date=&end_date=),
 * so a view survives a reload and can be shared; the form only applies them on Buscar. The table
 * shows the first page; "Cargar más" adds the next.
 */
export function HistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const appliedKey = filtersToSearchParams(applied).toString();
  // Filters that break the contract's rules (a hand-edited link) are shown as errors, not sent.
  const valid = Object.keys(filterErrors(applied)).length === 0;
  // Shifts start and end all the time: every search asks the server again.
  const history = useGetShiftHistoryInfiniteQuery(valid ? applied : skipToken, { refetchOnMountOrArgChange: true });
  const driversQuery = useGetHistoryDriversQuery();
  const vehiclesQuery = useGetHistoryVehiclesQuery();
  const driversData = driversQuery.data;
  const vehiclesData = vehiclesQuery.data;
  const [routeShift, setRouteShift] = useState<Shift | null>(null);
  const [askingWhere, setAskingWhere] = useState(false);
  const closeWhere = useCallback(() => setAskingWhere(false), []);
  const closeRoute = useCallback(() => setRouteShift(null), []);
  const { exportCsv, exporting } = useHistoryCsvExport(applied);
  const titleId = useId();

  const drivers = useMemo(
    () => [...(driversData?.drivers ?? [])].sort((a, b) => `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`, 'es')),
    [driversData],
  );
  const vehicles = useMemo(() => [...(vehiclesData?.vehicles ?? [])].sort((a, b) => a.plate_number.localeCompare(b.plate_number, 'es')), [vehiclesData]);
  // A failed search shows the empty text, as the spec asks, and a failure line with Reintentar; a
  // failed "Cargar más" keeps the rows already on screen.
  const searchFailed = history.isError && !history.isFetchNextPageError;
  const pages = searchFailed ? undefined : history.currentData?.pages;
  const shifts = useMemo(() => loadedShifts(pages), [pages]);
  const lastPage = pages?.at(-1);
  const total = lastPage?.total ?? shifts.length;
  const totalExact = lastPage?.total_exact ?? true;
  // Loading the first page (a new search) replaces the table; loading the next keeps it on screen.
  const searching = history.isFetching && !history.isFetchingNextPage;
  const listsFailed = driversQuery.isError || vehiclesQuery.isError;

  /** Buscar and Limpiar: the same filters again still search again. */
  function applyFilters(filters: HistoryFilters) {
    const next = filtersToSearchParams(filters);
    if (valid && next.toString() === appliedKey) void history.refetch();
    // flushSync: the filters apply at once rather than in a router transition. A transition started
    // inside a submit handler would also make React build a FormData of the form (for
    // useFormStatus), which the FormData of the jsdom test environment cannot do.
    else setSearchParams(next, { flushSync: true });
  }

  return (
    <section className="flota-history" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Historial de Turnos" subtitle="Turnos de tus conductores por conductor, vehículo y fechas">
        <button type="button" className="flota-button flota-button--secondary" onClick={() => setAskingWhere(true)}>
          ¿Dónde estaba cada taxi?
        </button>
        <button type="button" className="flota-button flota-button--secondary" disabled={searching || exporting || shifts.length === 0} onClick={() => void exportCsv()}>
          {exporting ? 'Exportando...' : 'Exportar CSV'}
        </button>
      </PageHeader>
      {/* Keyed by the applied filters: going back or forward in the browser refills the fields. */}
      <HistoryFiltersForm key={appliedKey} initial={applied} drivers={drivers} vehicles={vehicles} onApply={applyFilters} />
      {(searchFailed || listsFailed) && !history.isFetching && (
        <LoadFailure
          message={searchFailed ? 'No se pudo cargar el historial de turnos.' : 'No se pudo cargar la lista de conductores y vehículos.'}
          onRetry={() => {
            if (searchFailed) void history.refetch();
            if (driversQuery.isError) void driversQuery.refetch();
            if (vehiclesQuery.isError) void vehiclesQuery.refetch();
          }}
        />
      )}
      {searching ? (
        <LoadingText>Cargando historial...</LoadingText>
      ) : shifts.length === 0 ? (
        <TableMessage>No se encontraron turnos con los filtros seleccionados.</TableMessage>
      ) : (
        <>
          <HistoryTable shifts={shifts} onShowRoute={setRouteShift} />
          <div className="flota-history-footer">
            <p role="status">{shownText(shifts.length, total, totalExact)}</p>
            <p title="Suma de los turnos finalizados que se muestran; los turnos en curso no se cuentan.">{`Total: ${formatDuration(finishedSeconds(shifts))}`}</p>
          </div>
          {history.isFetchNextPageError && !history.isFetching && <LoadFailure message="No se pudieron cargar más turnos." onRetry={() => void history.fetchNextPage()} />}
          {history.hasNextPage && (
            <div className="flota-history-more">
              <button type="button" className="flota-button flota-button--secondary" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {history.isFetchingNextPage ? 'Cargando más...' : 'Cargar más'}
              </button>
            </div>
          )}
        </>
      )}
      {routeShift && <RoutePanel shift={routeShift} onClose={closeRoute} />}
      {askingWhere && <WhereWasEveryone onClose={closeWhere} />}
    </section>
  );
}
