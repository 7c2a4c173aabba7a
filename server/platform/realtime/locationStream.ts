/**
 * The position stream, the one event kind too hot and too per-socket for publish(): locations go
 * out once per owner per ingest flush, and sockets that opted into batches (handshake auth.batch)
 * get one location_batch while the others get the spec's location_update per taxi. Across
 * processes the flush travels as ONE message (serverSideEmit: one NOTIFY per owner per flush, none
 * while this is the only process), and each process delivers it to its own sockets. Dispatch's
 * taxi sync hears the same message (taxiSync.ts).
 */
import type { LocationUpdatePayload } from '../../../contract/socket';
import { SocketEvent, ownerBatchRoom, ownerRoom } from '../../../contract/socket';
import type { FlotaSocketServer } from './socketServer';

export type PublishLocations = (ownerId: number, updates: LocationUpdatePayload[]) => void;

export const LOCATIONS_SERVER_EVENT = 'locations';

/** This process's sockets of the owner: a batch to those that opted in, single updates to the rest. */
function deliverLocally(io: FlotaSocketServer, ownerId: number, updates: LocationUpdatePayload[]): void {
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
export function createLocationStream(io: FlotaSocketServer, clustered: boolean): PublishLocations {
  if (clustered) io.on(LOCATIONS_SERVER_EVENT, (ownerId, updates) => deliverLocally(io, ownerId, updates));
  return (ownerId, updates) => {
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
  };
}
