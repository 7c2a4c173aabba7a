/**
 * What routes tell the owners' live maps. Every event goes to one owner's room only; with the
 * PostgreSQL adapter the room spans every server process.
 */
import type { LocationUpdate, Shift } from '../../contract/entities';
import { SocketEvent, ownerRoom, type ShiftEndedPayload } from '../../contract/socket';
import type { FlotaSocketServer } from './socketServer';

export interface RealtimePublisher {
  publishLocation(ownerId: number, update: LocationUpdate): void;
  publishShiftStarted(ownerId: number, shift: Shift): void;
  publishShiftEnded(ownerId: number, payload: ShiftEndedPayload): void;
}

export function createPublisher(io: FlotaSocketServer): RealtimePublisher {
  return {
    publishLocation: (ownerId, update) => io.to(ownerRoom(ownerId)).emit(SocketEvent.locationUpdate, update),
    publishShiftStarted: (ownerId, shift) => io.to(ownerRoom(ownerId)).emit(SocketEvent.shiftStarted, { shift }),
    publishShiftEnded: (ownerId, payload) => io.to(ownerRoom(ownerId)).emit(SocketEvent.shiftEnded, payload),
  };
}
