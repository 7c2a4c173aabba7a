/**
 * The offer's statements: offering a booking to a candidate, ending an offer (declined, expired, passed
 * on), starting the offering over, flagging a booking nobody took, and the reads the offer path needs.
 * Each step goes through bookingsRepo's `transition` (one conditional UPDATE and its events).
 */
import { sql } from 'kysely';
import type { Actor, Candidate } from '../../../contract/dispatch';
import { OFFERING_START_NOTE, OfferEndNotes } from '../../../contract/offerTally';
import { insertEvent, transition, type Db, type TransitionResult } from './bookingsRepo';

/** The columns of an open offer, emptied when it ends or the booking is taken. */
export const NO_OFFER = { offer_driver_id: null, offer_vehicle_id: null, offer_shift_id: null, offer_expires_at: null, offer_distance_m: null, offer_eta_s: null } as const;

export type OfferEnd = (typeof OfferEndNotes)[keyof typeof OfferEndNotes];

/**
 * The booking offered to one candidate, for `offerSeconds` from the database's now. `refusals`: the
 * count it must still have (another round moved on meanwhile: no row). `restartBy`: the offering
 * starts over in the same UPDATE (refusals back to 0, its "inicio" event first) whatever the count.
 */
export async function offerToCandidate(
  trx: Db,
  input: { ownerId: number; bookingId: number; refusals: number; candidate: Candidate; offerSeconds: number; actor: Actor; restartBy?: Actor },
): Promise<TransitionResult> {
  const { candidate, restartBy } = input;
  return transition(trx, {
    ownerId: input.ownerId,
    bookingId: input.bookingId,
    to: 'ofrecido',
    actor: input.actor,
    where: (eb) => (restartBy ? eb.and([eb('status', '=', 'pendiente')]) : eb.and([eb('status', '=', 'pendiente'), eb('refusals', '=', input.refusals)])),
    eventBefore: restartBy && { status: 'pendiente', actor: restartBy, note: OFFERING_START_NOTE },
    set: {
      ...(restartBy ? { refusals: 0 } : {}),
      offer_driver_id: candidate.driver_id,
      offer_vehicle_id: candidate.vehicle_id,
      offer_shift_id: candidate.shift_id,
      offer_expires_at: sql<Date>`now() + make_interval(secs => ${input.offerSeconds})`,
      offer_distance_m: candidate.distance_m,
      offer_eta_s: candidate.eta_s,
      needs_attention: false,
    },
    eventDriverId: candidate.driver_id,
  });
}

/** The driver's offer ends (declined, expired by the database's clock, or passed on by the desk): back to pendiente, refusals + 1. */
export async function endOffer(trx: Db, input: { ownerId: number; bookingId: number; driverId: number; actor: Actor; reason: OfferEnd }): Promise<TransitionResult> {
  return transition(trx, {
    ownerId: input.ownerId,
    bookingId: input.bookingId,
    to: 'pendiente',
    actor: input.actor,
    where: (eb) =>
      eb.and([
        eb('status', '=', 'ofrecido'),
        eb('offer_driver_id', '=', input.driverId),
        ...(input.reason === OfferEndNotes.expired ? [eb('offer_expires_at', '<=', sql<Date>`now()`)] : []),
      ]),
    set: { refusals: sql<number>`refusals + 1`, ...NO_OFFER },
    eventDriverId: input.driverId,
    note: input.reason,
  });
}

/** "Ofrecer" again: refusals back to 0 and the round's "inicio" event; false when the booking left pendiente meanwhile. */
export async function restartOffering(trx: Db, bookingId: number, actor: Actor): Promise<boolean> {
  const reset = await trx
    .updateTable('bookings')
    .set({ refusals: 0, needs_attention: false, updated_at: sql<Date>`now()` })
    .where('id', '=', bookingId)
    .where('status', '=', 'pendiente')
    .returning('id')
    .executeTakeFirst();
  if (reset) await insertEvent(trx, bookingId, 'pendiente', actor, null, OFFERING_START_NOTE);
  return Boolean(reset);
}

/** Back on the board highlighted, with why ('sin_aceptar', 'sin_candidatos'); false when it already was, or left pendiente. */
export async function flagUnaccepted(db: Db, bookingId: number, reason: string, actor: Actor): Promise<boolean> {
  const flagged = await db
    .updateTable('bookings')
    .set({ needs_attention: true, updated_at: sql<Date>`now()` })
    .where('id', '=', bookingId)
    .where('status', '=', 'pendiente')
    .where('needs_attention', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (flagged) await insertEvent(db, bookingId, 'pendiente', actor, null, reason);
  return Boolean(flagged);
}

/** Drivers who declined or let the offer expire since the offering last started. */
export async function refusedSinceStart(db: Db, bookingId: number): Promise<Set<number>> {
  const start = await db
    .selectFrom('booking_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('booking_id', '=', bookingId)
    .where('note', '=', OFFERING_START_NOTE)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('booking_events')
    .select('driver_id')
    .where('booking_id', '=', bookingId)
    .where('note', 'in', Object.values(OfferEndNotes))
    .where('id', '>', start?.id ?? 0)
    .execute();
  return new Set(rows.map((r) => r.driver_id).filter((d): d is number => d !== null));
}

/** Offers past their time by the database's clock, oldest first. */
export async function expiredOffers(db: Db, limit: number): Promise<{ id: number; owner_id: number; offer_driver_id: number | null }[]> {
  return db
    .selectFrom('bookings')
    .select(['id', 'owner_id', 'offer_driver_id'])
    .where('status', '=', 'ofrecido')
    .where('offer_expires_at', '<=', sql<Date>`now()`)
    .orderBy('offer_expires_at')
    .limit(limit)
    .execute();
}
