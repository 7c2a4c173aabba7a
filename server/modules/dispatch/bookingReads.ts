/**
 * Bookings as other modules read them: a view to join (the tracking page) and the few questions
 * they ask, so dispatch's table and its status words stay behind its door.
 */
import type { Kysely } from 'kysely';
import type { BookingStatus } from '../../../contract/dispatch';
import type { Database } from '../../platform/db/schema';

/** The columns other modules' queries see, as a subquery they join or embed (PostgreSQL folds it in). */
export function bookingRows(db: Kysely<Database>) {
  return db
    .selectFrom('bookings')
    .select(['id', 'owner_id', 'status', 'closed_at', 'shift_id', 'driver_id', 'vehicle_id', 'pickup_latitude', 'pickup_longitude', 'pickup_label', 'fare_pesos', 'fare_estimated']);
}

/** Each booking's history (offers made, declined, expired; assignments), as a subquery reports count from. */
export function bookingEventRows(db: Kysely<Database>) {
  return db.selectFrom('booking_events').select(['id', 'booking_id', 'status', 'at', 'actor_kind', 'driver_id', 'note']);
}

/** The fleet's booking's status, or null when it is not this fleet's (or there is none). */
export async function fleetBookingStatus(db: Kysely<Database>, ownerId: number, bookingId: number): Promise<BookingStatus | null> {
  const row = await db.selectFrom('bookings').select('status').where('id', '=', bookingId).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ? (row.status as BookingStatus) : null;
}

/** Whether a passenger is aboard a trip of this shift now (A bordo). */
export async function shiftCarriesPassenger(db: Kysely<Database>, shiftId: number): Promise<boolean> {
  const row = await db.selectFrom('bookings').select('id').where('shift_id', '=', shiftId).where('status', '=', 'a_bordo').executeTakeFirst();
  return row !== undefined;
}
