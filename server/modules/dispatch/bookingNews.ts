/**
 * Telling a committed change: the fleet's desks get the booking (booking_changed) and the taxi's
 * availability (availability_changed), each driver concerned its offer and trip, the modules above
 * dispatch hear it as the domain event bookingChanged (events.ts), and the taxi states are read back. Runs after each decision commits, never inside it.
 */
import type { Kysely } from 'kysely';
import type { Booking } from '../../../contract/dispatch';
import type { Database } from '../../platform/db/schema';
import { shiftAvailability } from './availabilityRepo';
import { bookingFromRow, findStored, loadBooking, type BookingRow } from './bookingsRepo';
import { driverDispatchState, toDriverOffer, toDriverTrip } from './driverView';
import type { DispatchEvents } from './events';
import type { DispatchConfig } from './settings';
import type { TaxiFleet } from './taxiFleet';

export interface BookingNewsOptions {
  db: Kysely<Database>;
  config: DispatchConfig;
  events: DispatchEvents;
  taxis: TaxiFleet;
}

export function createBookingNews({ db, config, events, taxis }: BookingNewsOptions) {
  const lead = config.scheduledLeadMinutes;

  /** Tells the fleet's desks the booking, and each driver concerned its offer and trip (`told`: a driver already sent this offer). */
  async function booking(ownerId: number, bookingId: number, drivers: (number | null | undefined)[] = [], told: number | null = null): Promise<Booking | null> {
    const current = await loadBooking(db, ownerId, bookingId, lead);
    if (!current) return null;
    const concerned = new Set(drivers.filter((d): d is number => typeof d === 'number'));
    // The driver just offered this booking hears it first, built from the booking (no further read).
    const offeredTo = current.status === 'ofrecido' && current.offer && concerned.has(current.offer.driver_id) ? current.offer.driver_id : null;
    if (offeredTo !== null && offeredTo !== told) events.offer(offeredTo, toDriverOffer(current));
    events.bookingChanged(ownerId, current);
    if (current.vehicle_id !== null || current.driver_id !== null) {
      const stored = await findStored(db, ownerId, bookingId);
      if (stored?.shift_id) {
        const trip = { bookingId, ownerId, latitude: current.pickup.latitude, longitude: current.pickup.longitude };
        taxis.follow(stored.shift_id, trip, current.status === 'asignado' || current.status === 'en_camino');
      }
    }
    for (const driverId of concerned) {
      if (driverId === offeredTo) continue;
      const state = await driverDispatchState(db, ownerId, driverId, lead, config.noShowWaitSeconds);
      events.offer(driverId, state.offer);
      if (current.driver_id === driverId) events.tripChanged(driverId, toDriverTrip(current, true, config.noShowWaitSeconds), state.availability);
    }
    if (current.driver_id !== null) concerned.add(current.driver_id);
    await taxis.refresh({ driverIds: [...concerned] });
    return current;
  }

  return {
    booking,

    /** An offer just committed: the driver hears it first, built from the row the offer's UPDATE returned (the desks' read, with names and events, comes after). */
    async offer(ownerId: number, bookingId: number, candidate: { driver_id: number; shift_id: number }, row: BookingRow): Promise<Booking | null> {
      taxis.offered(candidate.shift_id);
      events.offer(candidate.driver_id, toDriverOffer(bookingFromRow(row)));
      return booking(ownerId, bookingId, [candidate.driver_id], candidate.driver_id);
    },

    async availability(ownerId: number, shiftId: number): Promise<void> {
      await taxis.refresh({ shiftIds: [shiftId] });
      const change = await shiftAvailability(db, shiftId);
      if (change) events.availabilityChanged(ownerId, change);
    },
  };
}

export type BookingNews = ReturnType<typeof createBookingNews>;
