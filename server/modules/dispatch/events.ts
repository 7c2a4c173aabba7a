/**
 * What despacho tells sockets (dispatchService.ts calls these after each decision commits):
 * booking_changed and availability_changed to the fleet's desks, offer and trip_changed to the one
 * driver concerned. Payload shapes are the contract's (contract/socket.ts), checked by publish.
 */
import type { Availability, Booking, DriverOffer, DriverTrip } from '../../../contract/dispatch';
import { SocketEvent, driverRoom, ownerRoom, type AvailabilityChangedPayload } from '../../../contract/socket';
import type { Publish } from '../../platform/realtime/publisher';

export function createDispatchEvents(publish: Publish) {
  return {
    /** A booking as GET /dispatch/bookings/:id answers it, after any change. */
    bookingChanged(ownerId: number, booking: Booking): void {
      publish(ownerRoom(ownerId), SocketEvent.bookingChanged, { booking });
    },
    /** One taxi on shift became Libre, Ocupado or Fuera de servicio. */
    availabilityChanged(ownerId: number, change: AvailabilityChangedPayload): void {
      publish(ownerRoom(ownerId), SocketEvent.availabilityChanged, change);
    },
    /** The driver's current offer, or null when it is gone (expired, taken, cancelled). */
    offer(driverId: number, offer: DriverOffer | null): void {
      publish(driverRoom(driverId), SocketEvent.offer, { offer });
    },
    /** The driver's trip after any change (cancelado included), with the driver's availability. */
    tripChanged(driverId: number, trip: DriverTrip, availability: Availability | null): void {
      publish(driverRoom(driverId), SocketEvent.tripChanged, { trip, availability });
    },
  };
}

export type DispatchEvents = ReturnType<typeof createDispatchEvents>;
