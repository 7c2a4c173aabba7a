/** socket.io events between the server and an owner's map (path /socket.io, auth: {token}). */
import type { LocationUpdate, Shift } from './entities';

export const SOCKET_PATH = '/socket.io';

export const SocketEvent = {
  joinOwnerRoom: 'join_owner_room',
  locationUpdate: 'location_update',
  shiftStarted: 'shift_started',
  shiftEnded: 'shift_ended',
} as const;

export interface ShiftEndedPayload {
  shift_id: number;
  end_time: string;
  duration_seconds: number;
}

export interface ServerToClientEvents {
  location_update: (update: LocationUpdate) => void;
  shift_started: (payload: { shift: Shift }) => void;
  shift_ended: (payload: ShiftEndedPayload) => void;
}

export interface ClientToServerEvents {
  /** Joins room owner:<id>; the server accepts only the token's own owner id. The ack says whether it joined. */
  join_owner_room: (ownerId: number, ack?: (result: { ok: boolean; error?: string }) => void) => void;
}

export const ownerRoom = (ownerId: number): string => `owner:${ownerId}`;
