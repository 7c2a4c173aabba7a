/**
 * The socket's event names, apart from the payload schemas (socket.ts): the SPA's first screen
 * needs the names, and zod only once the live map opens (the /login budget, issue 20).
 */
export const SocketEvent = {
  joinOwnerRoom: 'join_owner_room',
  locationUpdate: 'location_update',
  locationBatch: 'location_batch',
  shiftStarted: 'shift_started',
  shiftEnded: 'shift_ended',
  bookingChanged: 'booking_changed',
  availabilityChanged: 'availability_changed',
  offer: 'offer',
  tripChanged: 'trip_changed',
  resync: 'resync',
  alertRaised: 'alert_raised',
  alertChanged: 'alert_changed',
  sosChanged: 'sos_changed',
  accountChanged: 'account_changed',
} as const;
