/** Vehículos: what src/app may use of this feature (lint refuses any deeper import). */
export { VehiclesPage } from './VehiclesPage';
export { useGetVehiclesQuery } from './vehiclesApi';
