/**
 * socket.io events between the server and an owner's map (path /socket.io, auth: {token}).
 * A client that sends `auth: {token, batch: true}` receives `location_batch` (every update of one
 * server flush in one event) instead of single `location_update`s; others keep the spec's event.
 */
import type { LocationUpdate, Shift } from './entities';

export const SOCKET_PATH = '/socket.io';

export const SocketEvent = {
  joinOwnerRoom: 'join_owner_room',
  locationUpdate: 'location_update',
  locationBatch: 'location_batch',
  shiftStarted: 'shift_started',
  shiftEnded: 'shift_ended',
} as const;

export interface ShiftEndedPayload {
  shift_id: number;
  end_time: string;
  duration_seconds: number;
}

/** Every taxi that moved in one flush of the ingest (same shapes as location_update). */
export interface LocationBatchPayload {
  updates: LocationUpdate[];
}

/** The handshake's auth: `batch: true` opts into location_batch. */
export interface SocketAuth {
  token: string;
  batch?: boolean;
}

export interface ServerToClientEvents {
  location_update: (update: LocationUpdate) => void;
  location_batch: (payload: LocationBatchPayload) => void;
  shift_started: (payload: { shift: Shift }) => void;
  shift_ended: (payload: ShiftEndedPayload) => void;
}

export interface ClientToServerEvents {
  /** Joins room owner:<id>; the server accepts only the token's own owner id. The ack says whether it joined. */
  join_owner_room: (ownerId: number, ack?: (result: { ok: boolean; error?: string }) => void) => void;
}

export const ownerRoom = (ownerId: number): string => `owner:${ownerId}`;
/** The owner's sockets that opted into location_batch (they are in ownerRoom too). */
export const ownerBatchRoom = (ownerId: number): string => `owner:${ownerId}:batch`;
