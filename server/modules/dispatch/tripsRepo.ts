/**
 * The trip's statements: a taxi put on a booking (by the desk, or the driver taking the offer), a
 * step of the trip, a cancellation, and the reads the trip path needs (the drivers it names, the
 * trips waiting for their taxi). Status changes go through bookingsRepo's `transition`.
 */
import { sql } from 'kysely';
import type { Actor, BookingStatus } from '../../../contract/dispatch';
import { transition, type Db, type TransitionResult } from './bookingsRepo';
import { NO_OFFER } from './offersRepo';
import { driverRows } from '../drivers';

interface Taxi {
  driverId: number;
  vehicleId: number | null;
  shiftId: number;
}

/** The desk's assignment: whatever offer was out ends with it. */
export async function assignTaxi(trx: Db, input: { ownerId: number; bookingId: number; taxi: Taxi; actor: Actor }): Promise<TransitionResult> {
  const { taxi } = input;
  return transition(trx, {
    ownerId: input.ownerId,
    bookingId: input.bookingId,
    to: 'asignado',
    actor: input.actor,
    set: { driver_id: taxi.driverId, vehicle_id: taxi.vehicleId, shift_id: taxi.shiftId, ...NO_OFFER, needs_attention: false },
    eventDriverId: taxi.driverId,
  });
}

/** The driver takes the offer: only their own, and only before it expires (the database's clock). */
export async function takeOffer(trx: Db, input: { ownerId: number; bookingId: number; taxi: Taxi; actor: Actor }): Promise<TransitionResult> {
  const { taxi } = input;
  return transition(trx, {
    ownerId: input.ownerId,
    bookingId: input.bookingId,
    to: 'asignado',
    actor: input.actor,
    where: (eb) => eb.and([eb('status', '=', 'ofrecido'), eb('offer_driver_id', '=', taxi.driverId), eb('offer_expires_at', '>', sql<Date>`now()`)]),
    set: { driver_id: taxi.driverId, vehicle_id: taxi.vehicleId, shift_id: taxi.shiftId, offer_driver_id: null, offer_vehicle_id: null, offer_shift_id: null, offer_expires_at: null, needs_attention: false },
    eventDriverId: taxi.driverId,
  });
}

/** A step of the trip; `byDriver`: only that driver's trip moves. */
export async function stepTrip(trx: Db, input: { ownerId: number; bookingId: number; to: BookingStatus; actor: Actor; byDriver?: number; eventDriverId: number | null }): Promise<TransitionResult> {
  const { byDriver } = input;
  return transition(trx, {
    ownerId: input.ownerId,
    bookingId: input.bookingId,
    to: input.to,
    actor: input.actor,
    where: byDriver === undefined ? undefined : (eb) => eb.and([eb('driver_id', '=', byDriver)]),
    eventDriverId: input.eventDriverId,
  });
}

export async function cancelBooking(trx: Db, input: { ownerId: number; bookingId: number; reason: string; actor: Actor; eventDriverId: number | null }): Promise<TransitionResult> {
  return transition(trx, {
    ownerId: input.ownerId,
    bookingId: input.bookingId,
    to: 'cancelado',
    actor: input.actor,
    set: { cancel_reason: input.reason, ...NO_OFFER },
    eventDriverId: input.eventDriverId,
    note: input.reason,
  });
}

/** An offer this driver held for another booking ends at once (the sweep passes it on); how many. */
export async function releaseOtherOffers(trx: Db, driverId: number, bookingId: number): Promise<number> {
  const released = await trx
    .updateTable('bookings')
    .set({ offer_expires_at: sql<Date>`now()` })
    .where('status', '=', 'ofrecido')
    .where('offer_driver_id', '=', driverId)
    .where('id', '!=', bookingId)
    .returning('id')
    .execute();
  return released.length;
}

/** Trips whose taxi is on its way to the pickup (a restart picks up watching their arrival). */
export async function tripsOnTheWay(db: Db): Promise<{ bookingId: number; ownerId: number; shiftId: number; latitude: number; longitude: number }[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'owner_id', 'shift_id', 'pickup_latitude', 'pickup_longitude'])
    .where('status', 'in', ['asignado', 'en_camino'])
    .where('shift_id', 'is not', null)
    .execute();
  return rows.map((row) => ({ bookingId: row.id, ownerId: row.owner_id, shiftId: row.shift_id as number, latitude: row.pickup_latitude, longitude: row.pickup_longitude }));
}

/** The driver as Actividad and the booking's history name them. */
export async function driverActor(db: Db, driverId: number): Promise<Actor> {
  const row = await db.selectFrom(driverRows(db).as('drivers')).select(['first_name', 'last_name']).where('id', '=', driverId).executeTakeFirst();
  return { kind: 'driver', id: driverId, name: row ? `${row.first_name} ${row.last_name}` : 'Conductor' };
}

/** Whether the fleet has this driver (not deleted). */
export async function fleetHasDriver(db: Db, ownerId: number, driverId: number): Promise<boolean> {
  const row = await db.selectFrom(driverRows(db).as('drivers')).select('id').where('id', '=', driverId).where('owner_id', '=', ownerId).where('deleted_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}
