/**
 * The desk's one socket.io connection, kept in this closure (never in state: the store stays
 * serializable and DevTools' time travel replays actions, not connections). Features register
 * channels (./channel.ts; app/realtimeChannels.ts lists them): the socket opens when a channel's
 * open action comes, and closes when the last holder releases it or on `closeOn` (app/unmounted).
 * On every (re)connect it joins the fleet's room with the signed-in person's id; after a drop, or
 * when the server says `resync` (it lost events between its processes), it asks each channel to
 * reload (socket.io does not replay what was missed); a token the server
 * refuses ends the session (`onUnauthorized`). The connection's own events are the actions of
 * ./connectionActions.ts. It takes a socket factory, so tests give it a fake socket.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { SocketEvent } from '../../../contract/socketEvents';
import type { ChannelDispatch, ChannelHandlers, RealtimeChannel } from './channel';
import { realtimeConnected, realtimeConnectionFailed, realtimeDisconnected } from './connectionActions';
import { lazySocketIo } from './lazySocketIo';
import { reconnectingSocketOptions, type ClientSocket, type SocketFactory } from './socketFactory';

/** The part of the root state the connection reads (app/ composes it into the store). */
export interface RealtimeHostState {
  config: { socketUrl: string; socketPath: string };
  auth: { token: string | null; user: { id: number } | null };
}

export interface RealtimeMiddlewareOptions {
  /**
   * Every feature's channel (app/realtimeChannels.ts). Each reads its own part of the state, which
   * the store composes (app/rootReducer.ts): the connection does not know those parts.
   */
  channels: readonly RealtimeChannel<never>[];
  /** The action that ends the session when the server refuses the token (app's auth/sessionExpired). */
  onUnauthorized: () => UnknownAction;
  /** socket.io, loaded with the first connection, by default; tests pass a fake. */
  createSocket?: SocketFactory;
  /** Clock for the timestamps put into actions. */
  now?: () => number;
  /** Actions that close the socket whoever holds it (app/unmounted). */
  closeOn?: (action: unknown) => boolean;
}

/** The server refuses a bad token at the handshake with this text ('No autorizado'). */
const UNAUTHORIZED = /unauthori[sz]ed|no autorizado/i;

export function createRealtimeMiddleware({
  channels,
  onUnauthorized,
  createSocket = lazySocketIo,
  now = Date.now,
  closeOn = () => false,
}: RealtimeMiddlewareOptions): Middleware<object, RealtimeHostState> {
  return (store) => {
    // The thunk middleware runs a function whatever state it was typed for.
    const dispatch: ChannelDispatch = (action) => store.dispatch(action as UnknownAction);
    const getState = store.getState as () => never;
    const attached: { channel: RealtimeChannel<never>; handlers: ChannelHandlers }[] = channels.map((channel) => ({ channel, handlers: channel.attach({ dispatch, getState }) }));
    // Every channel's handshake wishes, in one auth object (the token comes on top).
    const channelAuth = Object.assign({}, ...channels.map((channel) => channel.auth ?? {})) as Record<string, unknown>;
    let socket: ClientSocket | null = null;
    /** Channels holding the connection (each at most once). */
    const holders = new Set<string>();

    function open() {
      if (socket) return; // StrictMode mounts twice: one socket is enough.
      for (const { handlers } of attached) handlers.onOpen?.();
      const { config, auth } = store.getState();
      const current = createSocket(config.socketUrl || window.location.origin, reconnectingSocketOptions(config.socketPath, { ...channelAuth, token: auth.token }));
      let connectedBefore = false;

      current.on('connect', () => {
        const ownerId = store.getState().auth.user?.id;
        if (ownerId !== undefined) current.emit(SocketEvent.joinOwnerRoom, ownerId);
        store.dispatch(realtimeConnected(new Date(now()).toISOString()));
        if (connectedBefore) for (const { handlers } of attached) handlers.onReconnect?.();
        connectedBefore = true;
      });
      current.on('disconnect', (reason: string) => {
        store.dispatch(realtimeDisconnected(reason, reason !== 'io client disconnect'));
        // socket.io retries every drop except one the server asked for; we want that one back too.
        if (reason === 'io server disconnect') current.connect();
      });
      current.on('connect_error', (error: Error) => {
        const message = error?.message || 'Error de conexión';
        if (UNAUTHORIZED.test(message)) {
          close();
          store.dispatch(onUnauthorized());
          return;
        }
        store.dispatch(realtimeConnectionFailed(message, current.active));
      });
      // The server lost events between its processes (its database was away): reload like after a drop.
      current.on(SocketEvent.resync, () => {
        for (const { handlers } of attached) handlers.onReconnect?.();
      });
      for (const { handlers } of attached) {
        for (const [event, handle] of Object.entries(handlers.events)) if (handle) current.on(event, handle);
      }

      socket = current;
      current.connect();
    }

    function close() {
      holders.clear();
      for (const { handlers } of attached) handlers.onClose?.();
      if (!socket) return;
      const closing = socket;
      socket = null;
      closing.off(); // before disconnect(): our own disconnect is not news
      closing.disconnect();
    }

    return (next) => (action) => {
      const result = next(action);
      const opening = attached.find(({ channel }) => channel.openOn(action));
      const releasing = opening ? undefined : attached.find(({ channel }) => channel.releaseOn(action));
      if (opening) {
        holders.add(opening.channel.name);
        open();
      } else if (releasing) {
        holders.delete(releasing.channel.name);
        if (holders.size === 0) close();
      } else if (closeOn(action)) close();
      return result;
    };
  };
}
