/**
 * What the shifts module tells: the fleet's desks every start and end (socket events), and the
 * modules above every shift that ended (the domain event `shiftEnded`, the ended shift as GET
 * /shifts/history lists it). Both built once here; shiftService.ts calls them.
 */
import type { Shift } from '../../../contract/entities';
import { SocketEvent, ownerRoom } from '../../../contract/socket';
import type { DomainEventBus } from '../../platform/domainEvents';
import type { Publish } from '../../platform/realtime/publisher';

/** An ended shift: its end time and duration are set. */
export type EndedShift = Shift & { end_time: string; duration_seconds: number };

declare module '../../platform/domainEvents' {
  interface DomainEvents {
    /** A shift ended (the driver, the desk, or a tracker gone quiet), after it is stored and announced. */
    shiftEnded: { ownerId: number; shift: EndedShift };
  }
}

export function createShiftEvents(publish: Publish, events: DomainEventBus) {
  return {
    /** shift_started: the shift as GET /shifts/active lists it. */
    started(ownerId: number, shift: Shift): void {
      publish(ownerRoom(ownerId), SocketEvent.shiftStarted, { shift });
    },
    /** shift_ended: only an ended shift (end time and duration set) is announced. */
    ended(ownerId: number, shift: EndedShift): void {
      publish(ownerRoom(ownerId), SocketEvent.shiftEnded, { shift_id: shift.id, end_time: shift.end_time, duration_seconds: shift.duration_seconds });
      events.tell('shiftEnded', { ownerId, shift });
    },
  };
}

export type ShiftEvents = ReturnType<typeof createShiftEvents>;
