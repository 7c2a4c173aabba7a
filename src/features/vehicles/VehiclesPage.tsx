import { useCallback, useState } from 'react';
import { useAppDispatch, usePermissions } from '../../app/hooks';
import type { Vehicle } from '../../../contract/entities';
import { CardListScreen } from '../../components/CardListScreen';
import { focusAfterCardRemoval } from '../../components/EntityCard';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { failureWithReason } from '../../lib/apiError';
import { matchesSearch } from '../../lib/search';
import { useCreateRequestedOnArrival } from '../../components/useCreateRequestedOnArrival';
import { VehicleCard, vehicleDriverName } from './VehicleCard';
import { VehicleFormModal } from './VehicleFormModal';
import { useDeleteVehicleMutation, useGetVehiclesQuery } from './vehiclesApi';
import './vehicles.css';

function registeredCount(count: number): string {
  return count === 1 ? '1 vehículo registrado' : `${count} vehículos registrados`;
}

/** Which form is open: none, create (vehicle null) or edit. */
type FormState = { vehicle: Vehicle | null } | null;

export function VehiclesPage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetVehiclesQuery();
  const [deleteVehicle] = useDeleteVehicleMutation();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
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
  const cards = vehicles
    .filter((vehicle) => matchesSearch(query, [vehicle.plate_number, vehicle.model, vehicleDriverName(vehicle)]))
    .map((vehicle) => <VehicleCard key={vehicle.id} vehicle={vehicle} actions={manageFleet ? { onEdit: () => setForm({ vehicle }), onDelete: () => handleDelete(vehicle) } : null} />);

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
      modal={form && <VehicleFormModal key={form.vehicle?.id ?? 'new'} vehicle={form.vehicle} onClose={() => setForm(null)} />}
    />
  );
}
