/**
 * Offers: "Ofrecer" (the best candidate gets the booking for offerSeconds), the driver's answer (take
 * it, decline it), the desk's "Pasar al siguiente", and what follows an offer that came to nothing:
 * the next candidate, or, after maxRefusals or with no free taxi, back on the board highlighted (the
 * modules above hear it as unaccepted). Offer expiry is read from stored times (offer_expires_at
 * against the database's clock), so an offer open across a restart still expires and passes on.
 */
import type { Kysely } from 'kysely';
import type { Actor, Booking, Candidate } from '../../../contract/dispatch';
import { OfferEndNotes, offerTallyText } from '../../../contract/offerTally';
import type { Database } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/dbErrors';
import { auditBooking, offersBefore, type ActivityAuthor } from './audit';
import { activeShiftOf, setAvailability } from './availabilityRepo';
import type { BookingNews } from './bookingNews';
import type { DispatchEvents } from './events';
import { decide, findStored, OFFER_INDEX, readOfferTally, stepped, TRIP_INDEX, unansweredDrivers, type StoredBooking } from './bookingsRepo';
import { endOffer, flagUnaccepted, offerToCandidate, refusedSinceStart, restartOffering, type OfferEnd } from './offersRepo';
import { done, refuse, SYSTEM, type Outcome } from './outcomes';
import type { DispatchConfig } from './settings';
import type { TaxiFleet } from './taxiFleet';
import { driverActor, stepTrip, takeOffer } from './tripsRepo';

export interface OffersOptions {
  db: Kysely<Database>;
  config: DispatchConfig;
  taxis: TaxiFleet;
  news: BookingNews;
  events: DispatchEvents;
}

/** A signed-in driver. */
export interface DriverRef {
  id: number;
  ownerId: number;
}

export function createOffers({ db, config, taxis, news, events }: OffersOptions) {
  const offerInput = (ownerId: number, bookingId: number, refusals: number, candidate: Candidate, restartBy?: Actor) => ({
    ownerId,
    bookingId,
    refusals,
    candidate,
    offerSeconds: config.offerSeconds,
    actor: SYSTEM,
    restartBy,
  });

  /** The next candidate (leaving out those who refused this round), or back on the board highlighted. */
  async function offerNext(ownerId: number, bookingId: number, known?: StoredBooking): Promise<void> {
    // `known`: offering just (re)started from this stored row (refusals 0): nobody has refused yet.
    const firstOffer = known !== undefined;
    const stored = known ?? (await findStored(db, ownerId, bookingId));
    if (!stored || stored.status !== 'pendiente') return;
    if (stored.refusals < config.maxRefusals) {
      const refused = firstOffer ? new Set<number>() : await refusedSinceStart(db, bookingId);
      const candidates = await taxis.search(ownerId, stored.pickup_latitude, stored.pickup_longitude, { excludeDrivers: refused, limit: 5 });
      for (const candidate of candidates) {
        try {
          const result = await db.transaction().execute((trx) => offerToCandidate(trx, offerInput(ownerId, bookingId, stored.refusals, candidate)));
          if (result.ok) await news.offer(ownerId, bookingId, candidate, result.row);
          return;
        } catch (error) {
          // The driver got another booking's offer meanwhile: the next candidate.
          if (!isUniqueViolation(error, OFFER_INDEX)) throw error;
        }
      }
    }
    const reason = stored.refusals >= config.maxRefusals ? 'sin_aceptar' : 'sin_candidatos';
    if (await flagUnaccepted(db, bookingId, reason, SYSTEM)) {
      const booking = await news.booking(ownerId, bookingId);
      events.unaccepted({ ownerId, bookingId, reason, pickupLabel: booking?.pickup.label ?? '', at: new Date() });
    }
  }

  /**
   * An offer declined, expired or passed on by the desk ('pasada'): back to pendiente (refusals + 1),
   * then to the next candidate. `author`: the desk's Actividad entry, with the offers' tally before and after.
   */
  async function passOn(ownerId: number, bookingId: number, driverId: number, actor: Actor, reason: OfferEnd, author?: ActivityAuthor): Promise<boolean> {
    const tallyBefore = author ? offerTallyText(await readOfferTally(db, bookingId)) : '';
    const passed = await db.transaction().execute(async (trx) => {
      const moved = await endOffer(trx, { ownerId, bookingId, driverId, actor, reason });
      if (moved.ok) await auditBooking(trx, author, { status: 'ofrecido', offers: tallyBefore }, { id: bookingId, status: 'pendiente', offers: offerTallyText(await readOfferTally(trx, bookingId)) });
      return moved.ok;
    });
    if (!passed) return false;
    await news.booking(ownerId, bookingId, [driverId]);
    await offerNext(ownerId, bookingId);
    return true;
  }

  /** Taxis that let this booking's offer go unanswered come last, marked: the desk tries the others first. */
  async function unansweredLast(bookingId: number, candidates: Candidate[]): Promise<Candidate[]> {
    const silent = await unansweredDrivers(db, bookingId);
    if (!silent.size) return candidates;
    const marked = candidates.map((c) => (silent.has(c.driver_id) ? { ...c, offer_unanswered: true } : c));
    return [...marked.filter((c) => !c.offer_unanswered), ...marked.filter((c) => c.offer_unanswered)];
  }

  return {
    passOn,
    unansweredLast,

    /**
     * "Ofrecer": automatic offering from the best candidate. `booking`: as the desks were told it when
     * the best candidate took the offer, else null (the loop of offerNext went on, or nobody was free).
     */
    async start(ownerId: number, bookingId: number, actor: Actor, author?: ActivityAuthor, known?: StoredBooking): Promise<Outcome<{ booking: Booking | null }>> {
      const stored = known ?? (await findStored(db, ownerId, bookingId));
      if (!stored) return { ok: false, reason: 'booking_not_found' };
      if (stored.status === 'ofrecido') return { ok: false, reason: 'already_offering' };
      if (stored.status !== 'pendiente') return { ok: false, reason: 'not_pending', status: stored.status };
      // Offering starts over: Actividad keeps what the last round came to ("2 sin respuesta, 1 rechazo").
      const offers = await offersBefore(db, stored);
      // Usually one UPDATE restarts the offering and offers the best candidate, its two events in one
      // INSERT (each round trip counts on a busy server); when that driver took another offer
      // meanwhile, the loop of offerNext.
      const [best] = await unansweredLast(bookingId, await taxis.search(ownerId, stored.pickup_latitude, stored.pickup_longitude, { limit: 5 }));
      if (best) {
        try {
          const offered = await decide(db, async (trx) => {
            const row = stepped(await offerToCandidate(trx, offerInput(ownerId, bookingId, 0, best, actor)));
            await auditBooking(trx, author, { status: 'pendiente', offers }, { id: bookingId, status: 'ofrecido' });
            return row;
          });
          // Another change won the row meanwhile: the desk hears "la reserva cambió".
          if (!offered.ok) return { ok: false, reason: 'booking_changed' };
          return { ok: true, booking: await news.offer(ownerId, bookingId, best, offered.value) };
        } catch (error) {
          if (!isUniqueViolation(error, OFFER_INDEX)) throw error;
        }
      }
      const restarted = await decide(db, async (trx) => {
        if (!(await restartOffering(trx, bookingId, actor))) refuse({ ok: false, reason: 'booking_changed' });
        await auditBooking(trx, author, { status: 'pendiente', offers }, { id: bookingId, status: 'ofrecido' });
      });
      if (!restarted.ok) return restarted;
      await offerNext(ownerId, bookingId, { ...stored, refusals: 0 });
      return { ok: true, booking: null };
    },

    /** "Pasar al siguiente": the desk stops waiting on the taxi holding the offer; it counts as unanswered and the next candidate gets it. */
    async passToNext(ownerId: number, bookingId: number, actor: Actor, author?: ActivityAuthor): Promise<Outcome> {
      const stored = await findStored(db, ownerId, bookingId);
      if (!stored) return { ok: false, reason: 'booking_not_found' };
      const driverId = stored.offer_driver_id;
      if (stored.status !== 'ofrecido' || driverId === null) return { ok: false, reason: 'not_offering' };
      return (await passOn(ownerId, bookingId, driverId, actor, OfferEndNotes.passed, author)) ? done : { ok: false, reason: 'not_offering' };
    },

    /** The driver takes the offer: the trip is theirs and En camino at once, the taxi Ocupado. */
    async accept(driver: DriverRef, bookingId: number): Promise<Outcome> {
      const stored = await findStored(db, driver.ownerId, bookingId);
      if (!stored || (stored.offer_driver_id !== driver.id && stored.driver_id !== driver.id)) return { ok: false, reason: 'booking_not_found' };
      const actor = await driverActor(db, driver.id);
      const taken = await decide(
        db,
        async (trx) => {
          const shift = await activeShiftOf(trx, driver.ownerId, driver.id);
          if (!shift) return refuse({ ok: false, reason: 'no_shift' });
          const taxi = { driverId: driver.id, vehicleId: shift.vehicleId, shiftId: shift.shiftId };
          const took = await takeOffer(trx, { ownerId: driver.ownerId, bookingId, taxi, actor });
          // Lost the race (expired, or another driver's now): the offer is gone.
          if (!took.ok) refuse(took.reason === 'booking_changed' ? { ok: false, reason: 'offer_gone' } : took);
          stepped(await stepTrip(trx, { ownerId: driver.ownerId, bookingId, to: 'en_camino', actor, eventDriverId: driver.id }));
          await setAvailability(trx, driver.ownerId, shift.shiftId, 'ocupado');
          return shift.shiftId;
        },
        { [TRIP_INDEX]: { ok: false, reason: 'taxi_busy' } },
      );
      if (!taken.ok) return taken;
      await news.booking(driver.ownerId, bookingId, [driver.id]);
      await news.availability(driver.ownerId, taken.value);
      return done;
    },

    async decline(driver: DriverRef, bookingId: number): Promise<Outcome> {
      const stored = await findStored(db, driver.ownerId, bookingId);
      if (!stored || stored.offer_driver_id !== driver.id) return { ok: false, reason: 'booking_not_found' };
      return (await passOn(driver.ownerId, bookingId, driver.id, await driverActor(db, driver.id), OfferEndNotes.declined)) ? done : { ok: false, reason: 'offer_gone' };
    },
  };
}

export type Offers = ReturnType<typeof createOffers>;
