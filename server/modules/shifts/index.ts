/** The shifts module's door: what other modules may use (they import nothing else of it). */
export { DRIVER_ACTIVE_SHIFT_INDEX, VEHICLE_ACTIVE_SHIFT_INDEX, endShift, findActiveShiftOfDriver, findOwnVehicle, insertShift, vehicleInActiveShift } from './driverShiftsRepo';
export { lastPositionOfShift } from './lastPosition';
export { shiftRows } from './shiftRows';
export { lockShiftIfEnded } from './shiftLock';
export { inActiveShift, shiftsQuery, toShift } from './shiftsRepo';
export { shiftSpans, type ShiftSpan } from './shiftSpans';
export { createShiftService, type ShiftDriver, type ShiftService, type StartOutcome } from './shiftService';
export { openApiTags } from './routeSpecs';
