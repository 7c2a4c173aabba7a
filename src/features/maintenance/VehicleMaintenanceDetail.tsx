import { LoadFailure } from '../../components/LoadFailure';
import { LoadingText } from '../../components/LoadingText';
import { useGetVehicleMaintenanceQuery } from './maintenanceApi';
import { OdometerSection } from './OdometerSection';
import { PlansSection } from './PlansSection';
import { RecordsSection } from './RecordsSection';

/** One taxi's odometer, plans and services. */
export function VehicleMaintenanceDetail({ vehicleId, canEdit }: { vehicleId: number; canEdit: boolean }) {
  const query = useGetVehicleMaintenanceQuery(vehicleId, { refetchOnMountOrArgChange: true });
  const data = query.currentData;
  if (query.isError && !query.isFetching) return <LoadFailure message="No se pudo cargar la mantención del taxi." onRetry={() => void query.refetch()} />;
  if (!data) return <LoadingText>Cargando mantención...</LoadingText>;
  const currentKm = data.odometer?.current_km ?? null;
  const kinds = [...new Set([...data.plans.map((p) => p.kind), 'Cambio de aceite', 'Frenos', 'Neumáticos', 'Revisión general'])];
  return (
    <div className="flota-maintenance-detail">
      <h2 className="flota-maintenance-detail__title">
        Taxi <span className="flota-plate">{data.vehicle.plate_number}</span>
      </h2>
      <OdometerSection key={`odometer-${vehicleId}`} vehicleId={vehicleId} odometer={data.odometer} canEdit={canEdit} />
      <PlansSection key={`plans-${vehicleId}`} vehicleId={vehicleId} plans={data.plans} currentKm={currentKm} canEdit={canEdit} />
      <RecordsSection key={`records-${vehicleId}`} vehicleId={vehicleId} records={data.records} currentKm={currentKm} kinds={kinds} canEdit={canEdit} />
    </div>
  );
}
