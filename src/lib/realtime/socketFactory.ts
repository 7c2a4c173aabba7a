/**
 * The socket factory every connection uses: socket.io (loaded lazily, ./lazySocketIo.ts) by default,
 * a fake one in tests (src/testing/fakeSocket.ts). app/ provides it from the mount options: to the
 * desk's connection (./realtimeMiddleware.ts) and, through this context, to the driver's /conductor,
 * which opens a connection of its own with the driver's token. A feature never reaches for socket.io.
 */
import { createContext, useContext } from 'react';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';

type Listener = (...args: never[]) => void;

/** The part of a socket.io client socket the app uses. */
export interface ClientSocket {
  readonly active: boolean;
  on(event: string, listener: Listener): unknown;
  off(event?: string, listener?: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  io: { on(event: string, listener: Listener): unknown };
}

export type RealtimeSocketOptions = Partial<ManagerOptions & SocketOptions>;

export type SocketFactory = (url: string, options: RealtimeSocketOptions) => ClientSocket;

/**
 * Every connection's options: its own connection each time (never a cached one with an old token),
 * connected by the caller once its listeners are on, and retried with a backoff up to 10 s.
 * WebSocket first, long-polling only when a WebSocket cannot get through: a WebSocket is one
 * connection, so behind nginx with several Flota processes it may reach any of them, where polling's
 * many requests must all reach one (deploy/nginx/flota.conf keeps those on one by the client's address).
 */
export function reconnectingSocketOptions(path: string, auth: Record<string, unknown>): RealtimeSocketOptions {
  return { path, auth, autoConnect: false, forceNew: true, reconnection: true, reconnectionDelay: 1000, reconnectionDelayMax: 10_000, transports: ['websocket', 'polling'], tryAllTransports: true };
}

export const SocketFactoryContext = createContext<SocketFactory | null>(null);

export const useSocketFactory = () => useContext(SocketFactoryContext);
