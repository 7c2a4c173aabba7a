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

export interface LocationStreamOptions {
  /**
   * Flushes relayed to the other processes at most this often, as one message per owner (0: each
   * flush as it comes). Fewer, larger messages through the adapter, for a little latency on the
   * other processes' desks (bench/fanout.bench.ts measures both).
   */
  relayEveryMs?: number;
}

/** How long the number of processes is taken as known (the Redis adapter asks Redis for it). */
const SERVER_COUNT_MS = 1000;

/** clustered: other processes share the rooms (the PostgreSQL or Redis adapter attached). */
export function createLocationStream(io: FlotaSocketServer, clustered: boolean, options: LocationStreamOptions = {}): PublishLocations {
  if (clustered) io.on(LOCATIONS_SERVER_EVENT, (ownerId, updates) => deliverLocally(io, ownerId, updates));
  let servers = { count: 1, at: Number.NEGATIVE_INFINITY, asking: null as Promise<number> | null };
  // A NOTIFY (and our own LISTEN receiving it back) per flush costs PostgreSQL work: send it only
  // when another process is up. The adapter knows its peers by their heartbeats, and a process that
  // starts announces itself at once (before its sockets connect).
  const serverCount = (): Promise<number> => {
    if (performance.now() - servers.at < SERVER_COUNT_MS) return Promise.resolve(servers.count);
    servers.asking ??= io
      .of('/')
      .adapter.serverCount()
      .then((count) => {
        servers = { count, at: performance.now(), asking: null };
        return count;
      })
      .catch(() => {
        servers.asking = null;
        return servers.count;
      });
    return servers.asking;
  };
  const relay = (ownerId: number, updates: LocationUpdatePayload[]) =>
    void serverCount().then((count) => {
      if (count > 1) io.serverSideEmit(LOCATIONS_SERVER_EVENT, ownerId, updates);
    });
  const relayEveryMs = options.relayEveryMs ?? 0;
  const pending = new Map<number, LocationUpdatePayload[]>();
  let timer: NodeJS.Timeout | null = null;
  const relayPending = () => {
    timer = null;
    for (const [ownerId, updates] of pending) relay(ownerId, updates);
    pending.clear();
  };
  return (ownerId, updates) => {
    deliverLocally(io, ownerId, updates);
    if (!clustered || !updates.length) return;
    if (!relayEveryMs) return relay(ownerId, updates);
    const waiting = pending.get(ownerId);
    if (waiting) waiting.push(...updates);
    else pending.set(ownerId, [...updates]);
    timer ??= setTimeout(relayPending, relayEveryMs).unref();
  };
}
