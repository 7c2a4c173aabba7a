/**
 * What the platform hands the modules to reach sockets: publish (every event, typed against the
 * contract: publish.ts) and publishLocations (the position stream: locationStream.ts). Every event
 * goes to one room; with the PostgreSQL adapter the room spans every server process.
 */
import { createLocationStream, type PublishLocations } from './locationStream';
import { createPublish, type Publish } from './publish';
import type { FlotaSocketServer } from './socketServer';

export type { Publish, PublishedEvent, EventPayload } from './publish';
export type { PublishLocations } from './locationStream';

export interface RealtimePublisher {
  publish: Publish;
  publishLocations: PublishLocations;
}

/** clustered: other processes share the rooms (PostgreSQL adapter attached). */
export function createPublisher(io: FlotaSocketServer, clustered: boolean): RealtimePublisher {
  return { publish: createPublish(io), publishLocations: createLocationStream(io, clustered) };
}
