import { Link } from 'react-router-dom';
import { maintenancePlanStatusLabels } from '../../../contract/maintenance';
import { useGetMaintenanceOverviewQuery } from './maintenanceApi';

/** On a vehicle card: "Mantención vencida" or "próxima", linking to the taxi's maintenance; nothing when its plans are on time. */
export function MaintenanceBadge({ vehicleId }: { vehicleId: number }) {
  const { data } = useGetMaintenanceOverviewQuery();
  const plans = data?.vehicles.find((v) => v.vehicle_id === vehicleId)?.plans ?? [];
  const status = plans.some((p) => p.status === 'vencida') ? 'vencida' : plans.some((p) => p.status === 'proxima') ? 'proxima' : null;
  if (!status) return null;
  return (
    <Link to={`/dashboard/maintenance?vehiculo=${vehicleId}`} className={`flota-badge flota-badge--${status === 'vencida' ? 'danger' : 'warning'} flota-maintenance-badge`}>
      Mantención {maintenancePlanStatusLabels[status].toLowerCase()}
    </Link>
  );
}
