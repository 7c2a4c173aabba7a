/** What the shifts module tells the fleet's desks: every start and end, built once here (shiftService.ts calls it). */
import type { Shift } from '../../../contract/entities';
import { SocketEvent, ownerRoom } from '../../../contract/socket';
import type { Publish } from '../../platform/realtime/publisher';

export function createShiftEvents(publish: Publish) {
  return {
    /** shift_started: the shift as GET /shifts/active lists it. */
    started(ownerId: number, shift: Shift): void {
      publish(ownerRoom(ownerId), SocketEvent.shiftStarted, { shift });
    },
    /** shift_ended: only an ended shift (end time and duration set) is announced. */
    ended(ownerId: number, shift: Shift & { end_time: string; duration_seconds: number }): void {
      publish(ownerRoom(ownerId), SocketEvent.shiftEnded, { shift_id: shift.id, end_time: shift.end_time, duration_seconds: shift.duration_seconds });
    },
  };
}

export type ShiftEvents = ReturnType<typeof createShiftEvents>;
