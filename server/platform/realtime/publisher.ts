/**
 * What routes tell the owners' live maps. Every event goes to one owner's room only; with the
 * PostgreSQL adapter the room spans every server process.
 *
 * Locations go out once per owner per ingest flush: sockets that opted into batches get one
 * location_batch, the others the spec's location_update per taxi. Across processes the flush
 * travels as ONE message (serverSideEmit: one NOTIFY per owner per flush, none while this is the
 * only process), and each process delivers it to its own sockets.
 */
import type { LocationUpdate, Shift } from '../../../contract/entities';
import { SocketEvent, ownerBatchRoom, ownerRoom, type ShiftEndedPayload } from '../../../contract/socket';
import type { FlotaSocketServer } from './socketServer';

export interface RealtimePublisher {
  publishLocations(ownerId: number, updates: LocationUpdate[]): void;
  publishShiftStarted(ownerId: number, shift: Shift): void;
  publishShiftEnded(ownerId: number, payload: ShiftEndedPayload): void;
}

export const LOCATIONS_SERVER_EVENT = 'locations';

/** This process's sockets of the owner: a batch to those that opted in, single updates to the rest. */
function deliverLocally(io: FlotaSocketServer, ownerId: number, updates: LocationUpdate[]): void {
  if (!updates.length) return;
  const batchRoom = ownerBatchRoom(ownerId);
  const rooms = io.of('/').adapter.rooms;
  const batched = rooms.get(batchRoom)?.size ?? 0;
  if (batched) io.local.to(batchRoom).emit(SocketEvent.locationBatch, { updates });
  // Each emit encodes its packet even for no recipient: skip when every socket here takes batches.
  if ((rooms.get(ownerRoom(ownerId))?.size ?? 0) <= batched) return;
  const spec = io.local.to(ownerRoom(ownerId)).except(batchRoom);
  for (const update of updates) spec.emit(SocketEvent.locationUpdate, update);
}

/** clustered: other processes share the rooms (PostgreSQL adapter attached). */
export function createPublisher(io: FlotaSocketServer, clustered: boolean): RealtimePublisher {
  if (clustered) io.on(LOCATIONS_SERVER_EVENT, (ownerId, updates) => deliverLocally(io, ownerId, updates));
  return {
    publishLocations(ownerId, updates) {
      deliverLocally(io, ownerId, updates);
      if (!clustered || !updates.length) return;
      // A NOTIFY (and our own LISTEN receiving it back) per flush costs PostgreSQL work: send it
      // only when another process is up. The adapter knows its peers by their heartbeats, and a
      // process that starts announces itself at once (before its sockets connect).
      void io
        .of('/')
        .adapter.serverCount()
        .then((servers) => {
          if (servers > 1) io.serverSideEmit(LOCATIONS_SERVER_EVENT, ownerId, updates);
        });
    },
    publishShiftStarted: (ownerId, shift) => io.to(ownerRoom(ownerId)).emit(SocketEvent.shiftStarted, { shift }),
    publishShiftEnded: (ownerId, payload) => io.to(ownerRoom(ownerId)).emit(SocketEvent.shiftEnded, payload),
  };
}
