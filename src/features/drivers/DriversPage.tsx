import { useCallback, useState } from 'react';
import { useAppDispatch, usePermissions } from '../../app/hooks';
import type { Driver } from '../../../contract/entities';
import { CardListScreen } from '../../components/CardListScreen';
import { focusAfterCardRemoval } from '../../components/EntityCard';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { failureWithReason } from '../../lib/apiError';
import { matchesSearch } from '../../lib/search';
import { useCreateRequestedOnArrival } from '../../components/useCreateRequestedOnArrival';
import { DriverCard, driverFullName } from './DriverCard';
import { DriverFormModal } from './DriverFormModal';
import { useDeleteDriverMutation, useGetDriversQuery } from './driversApi';
import './drivers.css';

function registeredCount(count: number): string {
  return count === 1 ? '1 conductor registrado' : `${count} conductores registrados`;
}

/** Which form is open: none, create (driver null) or edit. */
type FormState = { driver: Driver | null } | null;

export function DriversPage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetDriversQuery();
  const [deleteDriver] = useDeleteDriverMutation();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
  const { manageFleet } = usePermissions();
  const openCreate = useCallback(() => setForm(manageFleet ? { driver: null } : null), [manageFleet]);

  useFailureNotice(error, 'Error al cargar conductores');
  useCreateRequestedOnArrival(openCreate);

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
  const cards = drivers
    .filter((driver) => matchesSearch(query, [driverFullName(driver), driver.rut, driver.plate_number]))
    .map((driver) => <DriverCard key={driver.id} driver={driver} now={now} actions={manageFleet ? { onEdit: () => setForm({ driver }), onDelete: () => handleDelete(driver) } : null} />);

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
      modal={form && <DriverFormModal key={form.driver?.id ?? 'new'} driver={form.driver} onClose={() => setForm(null)} />}
    />
  );
}
