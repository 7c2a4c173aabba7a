import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, usePermissions, useUserPreference } from '../../app/hooks';
import type { Driver } from '../../../contract/entities';
import { CardListScreen } from '../../components/CardListScreen';
import { focusAfterCardRemoval } from '../../components/EntityCard';
import { ListControls, listViews, matchesStatus, type StatusFilter } from '../../components/ListControls';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { useFocusHighlighted } from '../../hooks/useFocusHighlighted';
import { failureWithReason } from '../../lib/apiError';
import { matchesSearch } from '../../lib/search';
import { useCreateRequestedOnArrival } from '../../hooks/useCreateRequestedOnArrival';
import { DriverCard, driverFullName } from './DriverCard';
import { DriverFormModal } from './DriverFormModal';
import { driverSortOptions, driverSorts, sortDrivers, type DriverSort } from './driverSort';
import { DriversTable } from './DriversTable';
import { useDeleteDriverMutation, useGetDriversOnShiftQuery, useGetDriversQuery } from './driversApi';
import './drivers.css';

function registeredCount(count: number): string {
  return count === 1 ? '1 conductor registrado' : `${count} conductores registrados`;
}

/** Which form is open: none, create (driver null) or edit. */
type FormState = { driver: Driver | null } | null;

/** How often "En turno" is asked again while the list is open. */
const ON_SHIFT_POLL_MS = 60_000;

/** `cardExtra`: what app/ adds to each card (Vencimientos). */
export function DriversPage({ cardExtra }: { cardExtra?: (driver: Driver) => ReactNode } = {}) {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetDriversQuery();
  const { data: onShiftIds } = useGetDriversOnShiftQuery(undefined, { pollingInterval: ON_SHIFT_POLL_MS, refetchOnMountOrArgChange: true });
  const [deleteDriver] = useDeleteDriverMutation();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useUserPreference<DriverSort>('driversSort', driverSorts, 'name');
  const [view, setView] = useUserPreference('driversView', listViews, 'cards');
  // ?conductor=<id>: a link (the dashboard's attention list) points at one driver.
  const [searchParams] = useSearchParams();
  const highlightedId = Number(searchParams.get('conductor')) || null;
  const { manageFleet } = usePermissions();
  const openCreate = useCallback(() => setForm(manageFleet ? { driver: null } : null), [manageFleet]);

  useFailureNotice(error, 'Error al cargar conductores');
  useCreateRequestedOnArrival(openCreate);
  useFocusHighlighted(highlightedId !== null && !!data);

  async function handleDelete(driver: Driver) {
    const moveFocus = focusAfterCardRemoval();
    try {
      await deleteDriver(driver.id).unwrap();
      moveFocus();
      dispatch(noticeShown('success', 'Conductor eliminado correctamente'));
    } catch (failure) {
      dispatch(noticeShown('error', failureWithReason('Error al eliminar conductor', failure)));
    }
  }

  const drivers = data?.drivers ?? [];
  const now = new Date();
  const onShift = useMemo(() => new Set(onShiftIds ?? []), [onShiftIds]);
  const rows = sortDrivers(drivers, sort)
    .filter((driver) => matchesStatus(status, driver.is_active) && matchesSearch(query, [driverFullName(driver), driver.rut, driver.plate_number]))
    .map((driver) => ({
      driver,
      onShift: onShift.has(driver.id),
      highlighted: driver.id === highlightedId,
      actions: manageFleet ? { onEdit: () => setForm({ driver }), onDelete: () => handleDelete(driver) } : null,
    }));
  const cards = rows.map((row) => <DriverCard key={row.driver.id} driver={row.driver} now={now} actions={row.actions} onShift={row.onShift} highlighted={row.highlighted} extra={cardExtra?.(row.driver)} />);

  return (
    <CardListScreen
      title="Conductores"
      subtitle={data ? registeredCount(data.count) : undefined}
      createLabel="+ Nuevo Conductor"
      onCreate={manageFleet ? openCreate : undefined}
      isLoading={isLoading}
      loaded={!!data}
      failure={error ? { message: 'No se pudieron cargar los conductores.', onRetry: () => void refetch() } : undefined}
      total={drivers.length}
      emptyMessage="No hay conductores registrados"
      emptyActionLabel="Crear primer conductor"
      searchLabel="Buscar conductores"
      searchPlaceholder="Buscar por nombre, RUT o patente"
      query={query}
      onQueryChange={setQuery}
      noMatchText="Ningún conductor coincide con la búsqueda."
      cards={cards}
      controls={<ListControls sort={sort} sortOptions={driverSortOptions} onSortChange={setSort} status={status} onStatusChange={setStatus} view={view} onViewChange={setView} />}
      table={view === 'table' ? <DriversTable rows={rows} now={now} withActions={manageFleet} /> : undefined}
      modal={form && <DriverFormModal key={form.driver?.id ?? 'new'} driver={form.driver} onClose={() => setForm(null)} />}
    />
  );
}
