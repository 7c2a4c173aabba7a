import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePermissions } from '../../app/hooks';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { PageHeader } from '../../components/PageHeader';
import { FleetMaintenanceList } from './FleetMaintenanceList';
import { useGetMaintenanceOverviewQuery } from './maintenanceApi';
import { VehicleMaintenanceDetail } from './VehicleMaintenanceDetail';
import './maintenance.css';

/**
 * Mantención: every taxi's odometer and most pressing plan, and the chosen taxi's odometer, plans and
 * services (`?vehiculo=ID`, the link from a vehicle card). The Operador reads; Dueño and Administrador edit.
 */
export function MaintenancePage() {
  const titleId = useId();
  const { manageFleet } = usePermissions();
  const [params, setParams] = useSearchParams();
  const overview = useGetMaintenanceOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = overview.currentData;
  const asked = Number(params.get('vehiculo'));
  const selectedId = data?.vehicles.some((v) => v.vehicle_id === asked) ? asked : (data?.vehicles[0]?.vehicle_id ?? null);
  const detailRef = useRef<HTMLDivElement>(null);
  // On a phone the detail sits above the list: a taxi chosen below brings its detail into view.
  const select = (id: number) => {
    setParams({ vehiculo: String(id) }, { replace: true });
    detailRef.current?.scrollIntoView?.({ block: 'start' });
  };
  const due = data?.vehicles.reduce((count, v) => count + v.plans.filter((p) => p.status === 'proxima' || p.status === 'vencida').length, 0) ?? 0;
  const plans = data?.vehicles.reduce((count, v) => count + v.plans.length, 0) ?? 0;
  // "Todos los planes al día" only when there are plans: with none it said so of a fleet nobody had set up.
  const subtitle = !data ? undefined : plans === 0 ? 'Aún no hay planes de mantención: elige un taxi y crea su primer plan.' : due ? `${due} ${due === 1 ? 'plan requiere' : 'planes requieren'} atención` : 'Todos los planes al día';

  return (
    <section className="flota-maintenance" aria-labelledby={titleId}>
      <PageHeader id={titleId} title="Mantención" subtitle={subtitle} />
      {overview.isError && !overview.isFetching ? (
        <LoadFailure message="No se pudo cargar la mantención." onRetry={() => void overview.refetch()} />
      ) : !data ? (
        <LoadingText>Cargando mantención...</LoadingText>
      ) : data.vehicles.length === 0 ? (
        <p className="flota-maintenance-note">No hay vehículos registrados. Agrégalos en Vehículos para llevar su mantención.</p>
      ) : (
        <div className="flota-maintenance__layout">
          <FleetMaintenanceList overview={data} selectedId={selectedId} onSelect={select} />
          <div ref={detailRef} className="flota-maintenance__detail">
            {selectedId !== null && <VehicleMaintenanceDetail vehicleId={selectedId} canEdit={manageFleet} />}
          </div>
        </div>
      )}
    </section>
  );
}
