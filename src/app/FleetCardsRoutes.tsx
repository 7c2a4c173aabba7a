/**
 * Conductores and Vehículos with Vencimientos on each card (its badge and Documentos): the features
 * never import each other, so the composition is here.
 */
import { DocumentsSlot } from '../features/documents/DocumentsSlot';
import { DriversPage } from '../features/drivers/DriversPage';
import { VehiclesPage } from '../features/vehicles/VehiclesPage';

export function VehiclesRoute() {
  return <VehiclesPage cardExtra={(vehicle) => <DocumentsSlot subject={{ vehicleId: vehicle.id, name: vehicle.plate_number }} />} />;
}

export function DriversRoute() {
  return <DriversPage cardExtra={(driver) => <DocumentsSlot subject={{ driverId: driver.id, name: `${driver.first_name} ${driver.last_name}`.trim() }} />} />;
}
