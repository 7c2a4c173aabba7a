import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { Driver } from '../../../contract/entities';
import { CardSkeleton } from '../../components/CardSkeleton';
import { CardGrid } from '../../components/EntityCard';
import { EmptyState } from '../../components/EmptyState';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { useFailureNotice } from '../../components/notifications/useFailureNotice';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { failureWithReason } from '../../lib/apiError';
import { matchesSearch } from '../../lib/search';
import { useCreateRequestedOnArrival } from '../../lib/useCreateRequestedOnArrival';
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
  const dispatch = useDispatch();
  const { data, isLoading, error } = useGetDriversQuery();
  const [deleteDriver] = useDeleteDriverMutation();
  const [form, setForm] = useState<FormState>(null);
  const [query, setQuery] = useState('');
  const openCreate = useCallback(() => setForm({ driver: null }), []);

  useFailureNotice(error, 'Error al cargar conductores');
  useCreateRequestedOnArrival(openCreate);

  async function handleDelete(driver: Driver) {
    try {
      await deleteDriver(driver.id).unwrap();
      dispatch(noticeShown('success', 'Conductor eliminado correctamente'));
    } catch (failure) {
      dispatch(noticeShown('error', failureWithReason('Error al eliminar conductor', failure)));
    }
  }

  const drivers = data?.drivers ?? [];
  const shown = drivers.filter((driver) => matchesSearch(query, [driverFullName(driver), driver.rut, driver.plate_number]));
  const now = new Date();

  function content() {
    if (isLoading) return <CardSkeleton />;
    if (!data) return null; // the load failed: the notice says so
    if (drivers.length === 0) return <EmptyState message="No hay conductores registrados" actionLabel="Crear primer conductor" onAction={openCreate} />;
    return (
      <>
        <SearchBox label="Buscar conductores" placeholder="Buscar por nombre, RUT o patente" value={query} onChange={setQuery} />
        {shown.length === 0 ? (
          <p className="flota-loading">Ningún conductor coincide con la búsqueda.</p>
        ) : (
          <CardGrid label="Conductores">
            {shown.map((driver) => (
              <DriverCard key={driver.id} driver={driver} now={now} onEdit={() => setForm({ driver })} onDelete={() => handleDelete(driver)} />
            ))}
          </CardGrid>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="drivers-title">
      <PageHeader id="drivers-title" title="Conductores" subtitle={data ? registeredCount(data.count) : undefined}>
        <button type="button" className="flota-button flota-button--primary" onClick={openCreate}>
          + Nuevo Conductor
        </button>
      </PageHeader>
      {content()}
      {form && <DriverFormModal key={form.driver?.id ?? 'new'} driver={form.driver} onClose={() => setForm(null)} />}
    </section>
  );
}
