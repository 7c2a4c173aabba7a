/** The vehicles module's door: what other modules may use (they import nothing else of it). */
export { insertVehicle, listVehicles, lockVehicle, softDeleteVehicle } from './vehiclesRepo';
export { findVehicle } from './vehiclesRepo';
export { vehicleRows } from './vehicleRows';
