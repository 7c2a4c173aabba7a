/**
 * The dispatch module's door (issue 25): bookings, offers and trips, taxi availability, candidates
 * from an in-memory taxi index fed by the position service, customers and saved places.
 */
export { dispatchModule } from './module';
export { createDispatchService, type DispatchService } from './dispatchService';
export type { BookingUnaccepted, TripFinished } from './events';
export { straightLineEta } from './eta';
export { faresByShift } from './fares';
export type { WebBookings } from './webBookings';
export { distanceMeters } from './taxiIndex';
export { DISPATCH_DEFAULTS, dispatchSettings, type DispatchConfig } from './settings';
export { normalizeChileanPhone } from '../../../contract/phone';
export { customerName, placeByName, placeNames, placesCenter, webRequestsOf } from './requestPageReads';
export { bookingEventRows, bookingRows, fleetBookingStatus, shiftCarriesPassenger } from './bookingReads';
