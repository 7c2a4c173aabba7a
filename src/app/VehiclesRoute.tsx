import type { Vehicle } from '../../contract/entities';
import { MaintenanceBadge } from '../features/maintenance/MaintenanceBadge';
import { VehiclesPage } from '../features/vehicles/VehiclesPage';

/** Vehículos with the badges other features give each card: Mantención's "vencida" or "próxima". */
const cardBadges = (vehicle: Vehicle) => <MaintenanceBadge vehicleId={vehicle.id} />;

export function VehiclesRoute() {
  return <VehiclesPage cardBadges={cardBadges} />;
}
