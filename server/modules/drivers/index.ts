/** The drivers module's door: what other modules may use (they import nothing else of it). */
export { regenerateDeviceId } from './deviceIdsRepo';
export { driverNames, workingDriverIds, type DriverName } from './driverNames';
export { assignVehicle, insertDriver, listDrivers, lockDriver, setDriverActive, setLicence, softDeleteDriver, unassignVehicle } from './driversRepo';
export { driverRows } from './driverRows';
