import { ZonesPage } from '../features/alerts';
import { useGetVehiclesQuery } from '../features/vehicles';

/** Zonas with the fleet's taxis for the rules' taxi choice (issue 33): the vehicles are the vehicles feature's. */
export function ZonesRoute() {
  const { data, isError } = useGetVehiclesQuery();
  const taxis = data?.vehicles.map((vehicle) => ({ id: vehicle.id, plate: vehicle.plate_number }));
  return <ZonesPage taxis={taxis ?? null} taxisFailed={isError} />;
}
