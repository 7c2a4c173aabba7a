/**
 * Trips: the desk puts a taxi on a booking, the trip's steps (by the desk, by the driver, or En el
 * lugar by GPS), a cancellation, the fare at Finalizado, and the driver's own availability. A finishing
 * step frees the taxi.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Actor, Availability, BookingStatus, DriverDispatchResponse } from '../../../contract/dispatch';
import { OfferEndNotes } from '../../../contract/offerTally';
import type { Database } from '../../platform/db/schema';
import { blockReasons } from '../documents';
import { auditBooking, auditDocumentOverride, offersBefore, type ActivityAuthor } from './audit';
import { activeShiftOf, setAvailability } from './availabilityRepo';
import type { BookingNews } from './bookingNews';
import { decide, findStored, loadBooking, stepped, TRIP_INDEX, type BookingRow } from './bookingsRepo';
import { driverDispatchState, noShowInSeconds } from './driverView';
import { recordTripFare } from './fares';
import type { DriverRef, Offers } from './offers';
import { done, refuse, SYSTEM, type Outcome } from './outcomes';
import type { DispatchEvents } from './events';
import type { DispatchConfig } from './settings';
import type { TaxiFleet, TripOnTheWay } from './taxiFleet';
import { assignTaxi, cancelBooking, driverActor, fleetHasDriver, releaseOtherOffers, stepTrip } from './tripsRepo';

export interface TripsOptions {
  db: Kysely<Database>;
  config: DispatchConfig;
  log: FastifyBaseLogger;
  taxis: TaxiFleet;
  news: BookingNews;
  offers: Offers;
  /** tripFinished, told inside the transaction that finishes the trip. */
  events: Pick<DispatchEvents, 'tripFinished'>;
  /** Passes on at once the offers an assignment released (the scheduling sweep's round). */
  sweepNow: () => Promise<unknown>;
}

const FREES_THE_TAXI: readonly BookingStatus[] = ['finalizado', 'no_se_presento'];

export function createTrips({ db, config, log, taxis, news, offers, events, sweepNow }: TripsOptions) {
  const lead = config.scheduledLeadMinutes;

  async function freeTaxi(trx: Transaction<Database>, ownerId: number, shiftId: number | null): Promise<void> {
    if (shiftId !== null) await setAvailability(trx, ownerId, shiftId, 'libre');
  }

  /**
   * Finalizado, inside the step's transaction: the fare (after the step's event, so the meter's
   * estimate reads the Finalizado event's own time) and tripFinished, whose inside handlers (the
   * driver's charge) commit with it. One fact: a crash leaves both or neither.
   */
  async function finish(trx: Transaction<Database>, row: BookingRow, typedFare: number | null): Promise<() => void> {
    const fare = await recordTripFare(trx, { ownerId: row.owner_id, bookingId: row.id, shiftId: row.shift_id }, typedFare);
    if (row.driver_id === null) return () => undefined;
    return events.tripFinished(trx, { ownerId: row.owner_id, bookingId: row.id, shiftId: row.shift_id, driverId: row.driver_id, fare, at: new Date() });
  }

  /** A trip's step (desk by hand, the driver, or the system): finishing ones free the taxi. */
  async function advance(
    ownerId: number,
    bookingId: number,
    to: BookingStatus,
    actor: Actor,
    options: { driverId?: number; author?: ActivityAuthor; typedFare?: number | null } = {},
  ): Promise<Outcome<{ row: BookingRow }>> {
    const before = await findStored(db, ownerId, bookingId);
    const moved = await decide(db, async (trx) => {
      const row = stepped(await stepTrip(trx, { ownerId, bookingId, to, actor, byDriver: options.driverId, eventDriverId: before?.driver_id ?? null }));
      if (FREES_THE_TAXI.includes(to)) await freeTaxi(trx, ownerId, row.shift_id);
      await auditBooking(trx, options.author, before && { status: before.status }, { id: bookingId, status: to });
      const finished = to === 'finalizado' ? await finish(trx, row, options.typedFare ?? null) : null;
      return { row, finished };
    });
    if (!moved.ok) return moved;
    const { row, finished } = moved.value;
    finished?.();
    await news.booking(ownerId, bookingId, [row.driver_id]);
    if (FREES_THE_TAXI.includes(to) && row.shift_id) await news.availability(ownerId, row.shift_id);
    return { ok: true, row };
  }

  return {
    advance: (ownerId: number, bookingId: number, to: BookingStatus, actor: Actor, author?: ActivityAuthor): Promise<Outcome> => advance(ownerId, bookingId, to, actor, { author }),

    /** The taxi of a trip on its way reached the pickup (GPS): En el lugar by itself. */
    arrived(trip: TripOnTheWay, driverId: number): void {
      // A refusal means the trip moved on meanwhile (the driver tapped first): nothing to do.
      advance(trip.ownerId, trip.bookingId, 'en_el_lugar', SYSTEM, { driverId }).catch((error: unknown) => {
        log.warn({ err: error, bookingId: trip.bookingId }, 'despacho: no se pudo marcar la llegada');
      });
    },

    /**
     * The desk puts a taxi on the booking: one transaction, the unique index refuses a second live trip
     * for the driver. An expired required document (Vencimientos) needs the desk's explicit
     * confirmation (`confirmExpired`), written to Actividad in the same transaction.
     */
    async assign(ownerId: number, bookingId: number, driverId: number, actor: Actor, author?: ActivityAuthor, confirmExpired = false): Promise<Outcome> {
      const before = await findStored(db, ownerId, bookingId);
      if (!before) return { ok: false, reason: 'booking_not_found' };
      if (!(await fleetHasDriver(db, ownerId, driverId))) return { ok: false, reason: 'driver_not_found' };
      const offersTally = await offersBefore(db, before);
      const blocks = await taxis.documentBlocks(ownerId);
      const assigned = await decide(
        db,
        async (trx) => {
          const shift = await activeShiftOf(trx, ownerId, driverId);
          if (!shift) return refuse({ ok: false, reason: 'driver_off_shift' });
          if (shift.availability === 'fuera_de_servicio') refuse({ ok: false, reason: 'driver_out_of_service' });
          const reasons = blocks ? blockReasons(blocks, driverId, shift.vehicleId) : [];
          if (reasons.length) {
            if (!confirmExpired) refuse({ ok: false, reason: 'expired_documents', documents: reasons });
            await auditDocumentOverride(trx, author, bookingId, reasons);
          }
          stepped(await assignTaxi(trx, { ownerId, bookingId, taxi: { driverId, vehicleId: shift.vehicleId, shiftId: shift.shiftId }, actor }));
          await setAvailability(trx, ownerId, shift.shiftId, 'ocupado');
          // An offer this driver held for another booking passes on at once (the sweep below).
          const released = await releaseOtherOffers(trx, driverId, bookingId);
          await auditBooking(trx, author, { status: before.status, offers: offersTally }, { id: bookingId, status: 'asignado' });
          return { shiftId: shift.shiftId, released };
        },
        { [TRIP_INDEX]: { ok: false, reason: 'taxi_busy' } },
      );
      if (!assigned.ok) return assigned;
      await news.booking(ownerId, bookingId, [driverId, before.offer_driver_id]);
      await news.availability(ownerId, assigned.value.shiftId);
      if (assigned.value.released) await sweepNow();
      return done;
    },

    async cancel(ownerId: number, bookingId: number, reason: string, actor: Actor, author?: ActivityAuthor): Promise<Outcome> {
      const before = await findStored(db, ownerId, bookingId);
      const offersTally = await offersBefore(db, before);
      const cancelled = await decide(db, async (trx) => {
        const row = stepped(await cancelBooking(trx, { ownerId, bookingId, reason, actor, eventDriverId: before?.driver_id ?? before?.offer_driver_id ?? null }));
        await freeTaxi(trx, ownerId, row.shift_id);
        await auditBooking(trx, author, before && { status: before.status, offers: offersTally }, { id: bookingId, status: 'cancelado' });
        return row;
      });
      if (!cancelled.ok) return cancelled;
      const row = cancelled.value;
      await news.booking(ownerId, bookingId, [row.driver_id, before?.offer_driver_id]);
      if (row.shift_id) await news.availability(ownerId, row.shift_id);
      return done;
    },

    /** The driver's own step on the trip (another driver's trip: not found). */
    async driverStep(driver: DriverRef, bookingId: number, to: BookingStatus, typedFare: number | null = null): Promise<Outcome> {
      const stored = await findStored(db, driver.ownerId, bookingId);
      if (!stored || stored.driver_id !== driver.id) return { ok: false, reason: 'booking_not_found' };
      if (to === 'no_se_presento') {
        // The passenger gets their wait: the phone shows the countdown, the server holds the line.
        const booking = await loadBooking(db, driver.ownerId, bookingId, lead);
        const left = booking ? noShowInSeconds(booking, config.noShowWaitSeconds, new Date()) : null;
        if (left) return { ok: false, reason: 'no_show_too_soon', seconds: left, waitSeconds: config.noShowWaitSeconds };
      }
      return advance(driver.ownerId, bookingId, to, await driverActor(db, driver.id), { driverId: driver.id, typedFare });
    },

    async setAvailability(driver: DriverRef, availability: Availability): Promise<Outcome> {
      const shift = await activeShiftOf(db, driver.ownerId, driver.id);
      if (!shift) return { ok: false, reason: 'no_shift' };
      const state = await driverDispatchState(db, driver.ownerId, driver.id, lead, config.noShowWaitSeconds);
      if (state.trip) return { ok: false, reason: 'on_trip' };
      await setAvailability(db, driver.ownerId, shift.shiftId, availability);
      await news.availability(driver.ownerId, shift.shiftId);
      // Going out of service gives back an open offer at once.
      if (availability !== 'libre' && state.offer) await offers.passOn(driver.ownerId, state.offer.booking.id, driver.id, await driverActor(db, driver.id), OfferEndNotes.declined);
      return done;
    },

    driverState: (driver: DriverRef): Promise<DriverDispatchResponse> => driverDispatchState(db, driver.ownerId, driver.id, lead, config.noShowWaitSeconds),
  };
}

export type Trips = ReturnType<typeof createTrips>;
