/**
 * Which socket factory the screens that open their own connection use (the driver's /conductor):
 * socket.io by default, a fake one in tests. app/ provides it from the mount options, so a feature
 * never reaches for socket.io itself.
 */
import { createContext, useContext } from 'react';

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

export type SocketFactory = (url: string, options: Record<string, unknown>) => ClientSocket;

export const SocketFactoryContext = createContext<SocketFactory | null>(null);

export const useSocketFactory = () => useContext(SocketFactoryContext);
