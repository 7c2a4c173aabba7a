/**
 * What despacho tells (dispatchService.ts calls these after each decision commits): sockets
 * booking_changed and availability_changed to the fleet's desks, offer and trip_changed to the one
 * driver concerned (payload shapes are the contract's, contract/socket.ts, checked by publish); and
 * the modules above, its domain events (`bookingChanged`, `bookingUnaccepted`; `tripFinished`, inside
 * the transaction that finishes the trip, is emitted by trips.ts).
 */
import type { Availability, Booking, DriverOffer, DriverTrip } from '../../../contract/dispatch';
import { SocketEvent, driverRoom, ownerRoom, type AvailabilityChangedPayload } from '../../../contract/socket';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { DomainEventBus } from '../../platform/domainEvents';
import type { Publish } from '../../platform/realtime/publisher';

/** A booking nobody accepted: every offer declined or expired, or no free taxi to offer it to. */
export interface BookingUnaccepted {
  ownerId: number;
  bookingId: number;
  reason: 'sin_aceptar' | 'sin_candidatos';
  pickupLabel: string;
  at: Date;
  /** How despacho says it, in Spanish (an alert's title and detail: Alertas formats no other domain's text). */
  title: string;
  detail: string;
}

/** "Reserva #12 sin aceptar (Plaza de Armas)" and why. */
export function unacceptedText(bookingId: number, pickupLabel: string, reason: BookingUnaccepted['reason']): { title: string; detail: string } {
  return {
    title: `Reserva #${bookingId} sin aceptar${pickupLabel ? ` (${pickupLabel})` : ''}`,
    detail: reason === 'sin_aceptar' ? 'Los taxis a los que se ofreció la rechazaron o dejaron vencer la oferta.' : 'No había taxis libres cerca para ofrecerla.',
  };
}

/** A trip that reached Finalizado, with its fare when the fleet records fares (whole pesos). */
export interface TripFinished {
  ownerId: number;
  bookingId: number;
  shiftId: number | null;
  driverId: number;
  fare: number | null;
  at: Date;
}

declare module '../../platform/domainEvents' {
  interface DomainEvents {
    /** A booking after a committed change, as GET /dispatch/bookings/:id answers it. */
    bookingChanged: { ownerId: number; booking: Booking };
    /** A booking back on the board that nobody took: one per time it returns. */
    bookingUnaccepted: BookingUnaccepted;
    /** A trip finished: inside the transaction that stores its Finalizado and its fare. */
    tripFinished: TripFinished;
  }
}

export function createDispatchEvents(publish: Publish, domain?: Pick<DomainEventBus, 'tell' | 'within'>) {
  return {
    /** A trip finished, inside the transaction that stores its Finalizado and fare; resolves with what to run once it committed. */
    async tripFinished(trx: Transaction<Database>, trip: TripFinished): Promise<() => void> {
      return domain ? domain.within(trx, 'tripFinished', trip) : () => undefined;
    },
    /** A booking as GET /dispatch/bookings/:id answers it, after any change: the desks and the modules above. */
    bookingChanged(ownerId: number, booking: Booking): void {
      publish(ownerRoom(ownerId), SocketEvent.bookingChanged, { booking });
      domain?.tell('bookingChanged', { ownerId, booking });
    },
    /** Back on the board, nobody took it (the modules above: an alert). */
    unaccepted(booking: Omit<BookingUnaccepted, 'title' | 'detail'>): void {
      domain?.tell('bookingUnaccepted', { ...booking, ...unacceptedText(booking.bookingId, booking.pickupLabel, booking.reason) });
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
