/**
 * What the dispatch service answers: a domain outcome, never an HTTP error. `{ ok: true, ... }` when
 * the change was made, else a Refusal saying why in the domain's words; the routes turn a refusal into
 * its status and Spanish message (dispatchAnswers.ts), as positions' routes do with SubmitOutcome.
 * A decision's transaction (bookingsRepo's `decide`) rolls back on a refusal and answers it.
 */
import type { Actor, BookingStatus } from '../../../contract/dispatch';

export type Refusal =
  | { ok: false; reason: 'booking_not_found' }
  /** A concurrent change won (the conditional UPDATE found the row moved on). */
  | { ok: false; reason: 'booking_changed' }
  /** The trip's state machine has no step from `from` to `to`. */
  | { ok: false; reason: 'wrong_status'; from: BookingStatus; to: BookingStatus }
  /** "Ofrecer" on a booking that is not waiting on the board (taken, or closed). */
  | { ok: false; reason: 'not_pending'; status: BookingStatus }
  | { ok: false; reason: 'expired_documents'; documents: readonly string[] }
  | { ok: false; reason: 'no_show_too_soon'; seconds: number; waitSeconds: number }
  | {
      ok: false;
      reason:
        | 'driver_not_found'
        | 'driver_off_shift'
        | 'driver_out_of_service'
        | 'taxi_busy'
        | 'already_offering'
        | 'not_offering'
        | 'offer_gone'
        | 'no_shift'
        | 'on_trip'
        | 'past_schedule'
        | 'far_schedule'
        /** The offering of a booking just created failed unexpectedly (logged): the booking stays on the board. */
        | 'offer_failed';
    };

export type RefusalReason = Refusal['reason'];

/** A change made (with what it answers), or why not. */
export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

export const done = { ok: true } as const;

/** A refusal raised inside a transaction so it rolls back; `decide` (decisions.ts) turns it back into the outcome. Never leaves the service. */
export class RefusedInside extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
    this.name = 'RefusedInside';
  }
}

/** Rolls the transaction back with this refusal as its outcome. */
export function refuse(refusal: Refusal): never {
  throw new RefusedInside(refusal);
}

/** The actor of what nobody did by hand: an offer's expiry, the next candidate, an arrival by GPS. */
export const SYSTEM: Actor = { kind: 'system', id: null, name: 'Flota' };
