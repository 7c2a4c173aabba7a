/**
 * An owner's live-map socket for server tests: connect with a token, join a room, and record every
 * event received, so a test can wait (bounded) for one or check that nothing else arrived.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SocketEvent } from '../../../contract/socket';

export interface RecordedEvent {
  event: string;
  payload: unknown;
}

export interface OwnerSocket {
  socket: Socket;
  events: RecordedEvent[];
  join(ownerId: number): Promise<{ ok: boolean; error?: string }>;
  /** Resolves with the first recorded event that matches, waiting at most timeoutMs. */
  waitFor(match: (event: RecordedEvent) => boolean, timeoutMs?: number): Promise<RecordedEvent>;
  close(): void;
}

/** Connects, or rejects with the server's connect_error (e.g. 'No autorizado'). */
export function openOwnerSocket(url: string, auth: Record<string, unknown>): Promise<OwnerSocket> {
  const socket = connect(url, { path: SOCKET_PATH, auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const events: RecordedEvent[] = [];
  const waiters = new Set<() => void>();
  for (const event of [
    SocketEvent.locationUpdate,
    SocketEvent.locationBatch,
    SocketEvent.shiftStarted,
    SocketEvent.shiftEnded,
    SocketEvent.bookingChanged,
    SocketEvent.availabilityChanged,
    SocketEvent.offer,
    SocketEvent.tripChanged,
    SocketEvent.resync,
    SocketEvent.alertRaised,
    SocketEvent.alertChanged,
    SocketEvent.accountChanged,
  ]) {
    socket.on(event as never, ((payload: unknown) => {
      events.push({ event, payload });
      waiters.forEach((wake) => wake());
    }) as never);
  }
  const owner: OwnerSocket = {
    socket,
    events,
    join: (ownerId) => new Promise((resolve) => socket.emit(SocketEvent.joinOwnerRoom, ownerId, resolve)),
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(owner));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
