/** What a driver's phone sees: its availability, its open offer and its live trip (GET /driver/dispatch, the driver socket). */
import { sql } from 'kysely';
import type { Booking, DriverDispatchResponse, DriverOffer, DriverTrip } from '../../../contract/dispatch';
import { activeShiftOf } from './availabilityRepo';
import { loadBooking, type Db } from './bookingsRepo';
import { readTariff } from './fares';
import { LIVE_TRIP_STATUSES } from './tripStates';

/**
 * Seconds until the driver may mark No se presentó: the wait counts from the last arrival (En el
 * lugar, from the booking's own events); null in any other state.
 */
export function noShowInSeconds(booking: Booking, waitSeconds: number, now: Date): number | null {
  if (booking.status !== 'en_el_lugar') return null;
  const arrived = booking.events.filter((event) => event.status === 'en_el_lugar').at(-1)?.at ?? booking.updated_at;
  return Math.max(0, Math.ceil((Date.parse(arrived) + waitSeconds * 1000 - now.getTime()) / 1000));
}

/** The phone number only once the trip is the driver's (an offer shows the pickup, not the caller). */
export function toDriverTrip(booking: Booking, withPhone: boolean, noShowWaitSeconds: number, now = new Date()): DriverTrip {
  return {
    id: booking.id,
    status: booking.status,
    pickup: booking.pickup,
    destination: booking.destination,
    passengers: booking.passengers,
    notes: booking.notes,
    customer_name: booking.customer_name,
    customer_phone: withPhone ? booking.customer_phone : null,
    scheduled_for: booking.scheduled_for,
    cancel_reason: booking.cancel_reason,
    updated_at: booking.updated_at,
    no_show_in_s: noShowInSeconds(booking, noShowWaitSeconds, now),
  };
}

/** The offer card of a booking being offered (null when none is out). */
export function toDriverOffer(booking: Booking): DriverOffer | null {
  if (!booking.offer) return null;
  return {
    booking: toDriverTrip(booking, false, 0),
    expires_at: booking.offer.expires_at,
    server_time: new Date().toISOString(),
    distance_m: booking.offer.distance_m,
    eta_s: booking.offer.eta_s,
  };
}

export async function driverDispatchState(db: Db, ownerId: number, driverId: number, leadMinutes: number, noShowWaitSeconds: number): Promise<DriverDispatchResponse> {
  const shift = await activeShiftOf(db, ownerId, driverId);
  const offerRow = await db
    .selectFrom('bookings')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'ofrecido')
    .where('offer_driver_id', '=', driverId)
    .where('offer_expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  const tripRow = await db
    .selectFrom('bookings')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('driver_id', '=', driverId)
    .where('status', 'in', [...LIVE_TRIP_STATUSES])
    .executeTakeFirst();
  const offerBooking = offerRow ? await loadBooking(db, ownerId, offerRow.id, leadMinutes) : null;
  const tripBooking = tripRow ? await loadBooking(db, ownerId, tripRow.id, leadMinutes) : null;
  const tariff = await readTariff(db, ownerId);
  return {
    availability: shift ? (tripBooking ? 'ocupado' : shift.availability) : null,
    offer: offerBooking ? toDriverOffer(offerBooking) : null,
    trip: tripBooking ? toDriverTrip(tripBooking, true, noShowWaitSeconds) : null,
    fares_enabled: tariff.enabled,
  };
}
