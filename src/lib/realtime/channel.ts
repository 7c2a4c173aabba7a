/**
 * A feature's share of a real-time connection. The feature declares which of its actions open and
 * release the connection and, once per store (attach), the handlers of the server events it takes
 * and what to reload after a re-connect (socket.io does not replay what was missed). src/app
 * composes the channels (app/realtimeChannels.ts); the connection itself is ./realtimeMiddleware.ts.
 * A channel belongs to a role: the desk's (the default: the fleet room, the desk user's token) or
 * the driver's (the driver's phone: the driver's room, the driver's token), one socket per role.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ServerToClientEvents } from '../../../contract/socket';

/** A server → client event name of the contract (contract/socket.ts): a typo does not compile. */
export type ServerEventName = keyof ServerToClientEvents;

/** What a channel may dispatch: actions, or thunks typed for its own part of the state (RTK Query's cache updates). */
export type ChannelDispatch = (action: UnknownAction | ((...args: never[]) => unknown)) => unknown;

/** The store as a channel sees it: `S` is the part of the state it reads. */
export interface ChannelStore<S> {
  dispatch: ChannelDispatch;
  getState(): S;
}

export interface ChannelHandlers {
  /** Server event → handler. Payloads arrive unchecked: the handler parses them with the contract's schema. */
  events: Partial<Record<ServerEventName, (payload: unknown) => void>>;
  /** A socket is being made (before it connects): start loading what the handlers need. */
  onOpen?(): void;
  /**
   * The socket is in its rooms for the first time: anything read before this moment may lack what
   * happened until now (those events went nowhere), so read it again.
   */
  onJoined?(): void;
  /**
   * This channel took hold of a socket another channel had opened and that is up (`since`: when it
   * connected): its screen hears no 'connect' of its own.
   */
  onAlreadyConnected?(since: string): void;
  /** In its rooms again after a drop, or the server lost events (resync): reload what the screen shows. */
  onReconnect?(): void;
  /** The socket closed: drop anything held for it (buffers, timers). */
  onClose?(): void;
  /** Every action, after the reducers: a channel follows the requests its events patch (./followedQueries.ts). */
  onAction?(action: UnknownAction): void;
}

export interface RealtimeChannel<S = unknown> {
  /** One hold per channel: the socket stays open while any channel of its role holds it. */
  name: string;
  /** Whose connection: 'desk' (the default) or another role the middleware was given. */
  role?: string;
  /** Whether this action opens the socket; `state` is the store's after the action (a role with nobody signed in opens none). */
  openOn(action: unknown, state: S): boolean;
  releaseOn(action: unknown): boolean;
  /** Extra handshake auth this channel needs (the live map asks for location_batch). */
  auth?: Record<string, unknown>;
  attach(store: ChannelStore<S>): ChannelHandlers;
}
