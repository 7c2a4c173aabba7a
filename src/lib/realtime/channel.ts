/**
 * A feature's share of the desk's one socket. The feature declares which of its actions open and
 * release the connection and, once per store (attach), the handlers of the server events it takes
 * and what to reload after a re-connect (socket.io does not replay what was missed). src/app
 * composes the channels (app/realtimeChannels.ts); the connection itself is ./realtimeMiddleware.ts.
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
  /** Connected again after a drop: reload what the screen shows. */
  onReconnect?(): void;
  /** The socket closed: drop anything held for it (buffers, timers). */
  onClose?(): void;
}

export interface RealtimeChannel<S = unknown> {
  /** One hold per channel: the socket stays open while any channel holds it. */
  name: string;
  openOn(action: unknown): boolean;
  releaseOn(action: unknown): boolean;
  /** Extra handshake auth this channel needs (the live map asks for location_batch). */
  auth?: Record<string, unknown>;
  attach(store: ChannelStore<S>): ChannelHandlers;
}
