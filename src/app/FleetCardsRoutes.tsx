/**
 * Conductores and Vehículos with what other features add to each card: Vencimientos' badge and
 * Documentos, Mantención's "vencida" or "próxima". The features never import each other, so the
 * composition is here.
 */
import { DocumentsSlot } from '../features/documents';
import { DriversPage } from '../features/drivers';
import { MaintenanceBadge } from '../features/maintenance';
import { VehiclesPage } from '../features/vehicles';

export function VehiclesRoute() {
  return (
    <VehiclesPage
      cardExtra={(vehicle) => (
        <>
          <MaintenanceBadge vehicleId={vehicle.id} />
          <DocumentsSlot subject={{ vehicleId: vehicle.id, name: vehicle.plate_number }} />
        </>
      )}
    />
  );
}

export function DriversRoute() {
  return <DriversPage cardExtra={(driver) => <DocumentsSlot subject={{ driverId: driver.id, name: `${driver.first_name} ${driver.last_name}`.trim() }} />} />;
}
