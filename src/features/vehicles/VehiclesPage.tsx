import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAppDispatch, usePermissions, useUserPreference } from '../../app/hooks';
import type { Vehicle } from '../../../contract/entities';
import { CardListScreen } from '../../components/CardListScreen';
import { focusAfterCardRemoval } from '../../components/EntityCard';
import { ListControls, listViews, matchesStatus, type StatusFilter } from '../../components/ListControls';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { failureWithReason } from '../../lib/apiError';
import { matchesSearch } from '../../lib/search';
import { useCreateRequestedOnArrival } from '../../hooks/useCreateRequestedOnArrival';
import { VehicleCard, vehicleDriverName } from './VehicleCard';
import { VehicleFormModal } from './VehicleFormModal';
import { useDeleteVehicleMutation, useGetVehiclesOnShiftQuery, useGetVehiclesQuery } from './vehiclesApi';
import { sortVehicles, vehicleSortOptions, vehicleSorts, type VehicleSort } from './vehicleSort';
import { VehiclesTable } from './VehiclesTable';
import './vehicles.css';

function registeredCount(count: number): string {
  return count === 1 ? '1 vehículo registrado' : `${count} vehículos registrados`;
}

/** Which form is open: none, create (vehicle null) or edit. */
type FormState = { vehicle: Vehicle | null } | null;

/** How often "En turno" is asked again while the list is open. */
const ON_SHIFT_POLL_MS = 60_000;

/** `cardExtra`: what app/ adds to each card (Vencimientos). */
export function VehiclesPage({ cardExtra }: { cardExtra?: (vehicle: Vehicle) => ReactNode } = {}) {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetVehiclesQuery();
  const [deleteVehicle] = useDeleteVehicleMutation();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
  const { data: onShiftIds } = useGetVehiclesOnShiftQuery(undefined, { pollingInterval: ON_SHIFT_POLL_MS, refetchOnMountOrArgChange: true });
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useUserPreference<VehicleSort>('vehiclesSort', vehicleSorts, 'plate');
  const [view, setView] = useUserPreference('vehiclesView', listViews, 'cards');
  const { manageFleet } = usePermissions();
  const openCreate = useCallback(() => setForm(manageFleet ? { vehicle: null } : null), [manageFleet]);

  useFailureNotice(error, 'Error al cargar vehículos');
  useCreateRequestedOnArrival(openCreate);

  async function handleDelete(vehicle: Vehicle) {
    const moveFocus = focusAfterCardRemoval();
    try {
      await deleteVehicle(vehicle.id).unwrap();
      moveFocus();
      dispatch(noticeShown('success', 'Vehículo eliminado correctamente'));
    } catch (failure) {
      dispatch(noticeShown('error', failureWithReason('Error al eliminar vehículo', failure)));
    }
  }

  const vehicles = data?.vehicles ?? [];
  const onShift = useMemo(() => new Set(onShiftIds ?? []), [onShiftIds]);
  const rows = sortVehicles(vehicles, sort)
    .filter((vehicle) => matchesStatus(status, vehicle.is_active) && matchesSearch(query, [vehicle.plate_number, vehicle.model, vehicleDriverName(vehicle)]))
    .map((vehicle) => ({ vehicle, onShift: onShift.has(vehicle.id), actions: manageFleet ? { onEdit: () => setForm({ vehicle }), onDelete: () => handleDelete(vehicle) } : null }));
  const cards = rows.map((row) => <VehicleCard key={row.vehicle.id} vehicle={row.vehicle} actions={row.actions} onShift={row.onShift} extra={cardExtra?.(row.vehicle)} />);

  return (
    <CardListScreen
      title="Vehículos"
      subtitle={data ? registeredCount(data.count) : undefined}
      createLabel="+ Nuevo Vehículo"
      onCreate={manageFleet ? openCreate : undefined}
      isLoading={isLoading}
      loaded={!!data}
      failure={error ? { message: 'No se pudieron cargar los vehículos.', onRetry: () => void refetch() } : undefined}
      total={vehicles.length}
      emptyMessage="No hay vehículos registrados"
      emptyActionLabel="Crear primer vehículo"
      searchLabel="Buscar vehículos"
      searchPlaceholder="Buscar por patente, modelo o conductor"
      query={query}
      onQueryChange={setQuery}
      noMatchText="Ningún vehículo coincide con la búsqueda."
      cards={cards}
      controls={<ListControls sort={sort} sortOptions={vehicleSortOptions} onSortChange={setSort} status={status} onStatusChange={setStatus} view={view} onViewChange={setView} />}
      table={view === 'table' ? <VehiclesTable rows={rows} withActions={manageFleet} /> : undefined}
      modal={form && <VehicleFormModal key={form.vehicle?.id ?? 'new'} vehicle={form.vehicle} onClose={() => setForm(null)} />}
    />
  );
}
