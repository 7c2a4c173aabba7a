/**
 * The passenger's own request ("Pedir un taxi", issue 36): a booking made by the dispatch service's
 * ordinary create (the same insert, the same booking_changed to every desk of the fleet), marked
 * origin 'web' inside its transaction so the desks' first sight of it already says "web". The
 * tracking module reaches it through services.webBookings, never the service itself.
 */
import type { Actor, BookingCreate } from '../../../contract/dispatch';
import type { Audit, DispatchService } from './dispatchService';

/** Who the booking's history says made it. */
export const WEB_ACTOR: Actor = { kind: 'system', id: null, name: 'Pedido web' };

export interface WebBookings {
  /** The new booking's id; every desk of the fleet has been told of it. */
  create(ownerId: number, input: BookingCreate): Promise<number>;
}

const markWeb: Audit = async (trx, _before, after) => {
  await trx.updateTable('bookings').set({ origin: 'web' }).where('id', '=', after.id).execute();
};

export function createWebBookings(service: Pick<DispatchService, 'create'>): WebBookings {
  return {
    async create(ownerId, input) {
      return (await service.create(ownerId, WEB_ACTOR, input, markWeb)).id;
    },
  };
}
