/**
 * The passenger's own request ("Pedir un taxi", issue 36): a booking made by the dispatch service's
 * ordinary create (the same insert, the same booking_changed to every desk of the fleet), stored with
 * origin 'web' by that insert, so the desks' first sight of it already says "web". The tracking
 * module reaches it through services.webBookings, never the service itself.
 */
import type { Actor, BookingCreate } from '../../../contract/dispatch';
import type { BookingInsert } from './bookingsRepo';
import type { DispatchService } from './dispatchService';

/** Who the booking's history says made it. */
export const WEB_ACTOR: Actor = { kind: 'system', id: null, name: 'Pedido web' };

export interface WebBookings {
  /**
   * The new booking's id; every desk of the fleet has been told of it. `offer`: offered to the
   * nearest free taxi at once, as the desk's "Crear y ofrecer" does (with no taxi free, or none
   * taking it, it waits on the board like any booking).
   */
  create(ownerId: number, input: BookingCreate, options?: { offer?: boolean }): Promise<number>;
}

export function createWebBookings(service: Pick<DispatchService, 'create' | 'createAndOffer'>): WebBookings {
  return {
    async create(ownerId, input, { offer = false } = {}) {
      // The create passes its input to insertBooking untouched: the origin travels with it.
      const web: BookingInsert = { ...input, origin: 'web' };
      const made = offer ? await service.createAndOffer(ownerId, WEB_ACTOR, web) : await service.create(ownerId, WEB_ACTOR, web);
      // A refusal (only a schedule's, which a web request never carries) would be a bug here, not the passenger's.
      if (!('id' in made)) throw new Error('dispatch refused a web booking');
      return made.id;
    },
  };
}
