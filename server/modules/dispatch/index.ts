/**
 * The dispatch module's door (issue 25): bookings, offers and trips, taxi availability, candidates
 * from an in-memory taxi index fed by the position service, customers and saved places.
 */
export { dispatchModule } from './module';
export { createDispatchHooks, createDispatchService, type BookingListener, type DispatchHooks, type DispatchService, type UnacceptedBooking } from './dispatchService';
export { straightLineEta } from './eta';
export type { WebBookings } from './webBookings';
export { distanceMeters } from './taxiIndex';
export { DISPATCH_DEFAULTS, dispatchSettings, type DispatchConfig } from './settings';
export { normalizeChileanPhone } from '../../../contract/phone';
