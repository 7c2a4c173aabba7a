/**
 * The one way a module tells sockets something: publish(room, event, payload), where the event is a
 * key of the contract's ServerToClientEvents (contract/socket.ts), the payload that event's type and
 * the room one of the contract's rooms (ownerRoom, driverRoom). A wrong name, payload or room does
 * not compile. Each module builds its payloads in its own events.ts and calls this; nothing outside
 * platform/realtime touches the socket server to emit (server/oneWayToPublish.test.ts).
 *
 * location_update and location_batch are not published here: which of the two a socket gets depends
 * on its handshake, and across processes a flush travels as one message (locationStream.ts).
 */
import type { ServerToClientEvents, SocketRoom } from '../../../contract/socket';
import type { FlotaSocketServer } from './socketServer';

export type ServerEvent = keyof ServerToClientEvents;
/** The position stream's events, delivered by publishLocations (locationStream.ts). */
export type LocationStreamEvent = 'location_update' | 'location_batch';
export type PublishedEvent = Exclude<ServerEvent, LocationStreamEvent>;
export type EventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];

export type Publish = <E extends PublishedEvent>(room: SocketRoom, event: E, payload: EventPayload<E>) => void;

/** With the PostgreSQL adapter attached, the room spans every server process. */
export function createPublish(io: FlotaSocketServer): Publish {
  return (room, event, payload) => {
    // socket.io's typed emit cannot follow a generic event name; the signature above is the check.
    (io.to(room).emit as (event: string, payload: unknown) => boolean)(event, payload);
  };
}
