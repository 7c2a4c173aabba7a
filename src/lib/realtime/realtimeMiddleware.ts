/**
 * The app's socket.io connections, one per role (the desk's; the driver's phone), kept in this
 * closure (never in state: the store stays serializable and DevTools' time travel replays actions,
 * not connections). Features register channels (./channel.ts; app/realtimeChannels.ts lists them,
 * and a lazy screen may add its own later): a role's socket opens when one of its channels' open
 * actions comes, and closes when the last holder releases it or on `closeOn` (app/unmounted). On
 * every (re)connect it joins the role's rooms (the desk: the fleet's room with the signed-in
 * person's id, acknowledged by the server; a driver's socket is put in its room by the server); the
 * first join tells each channel that what it read before may lack what happened meanwhile; after a
 * drop, or when the server says `resync` (it lost events between its processes), each channel
 * reloads (socket.io does not replay what was missed); a token the server refuses ends that role's
 * session. The connection's own events are the actions of ./connectionActions.ts. It takes a socket
 * factory, so tests give it a fake socket.
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { SocketEvent } from '../../../contract/socketEvents';
import type { JoinOwnerRoomAck } from '../../../contract/socket';
import type { ChannelDispatch, ChannelHandlers, RealtimeChannel } from './channel';
import { realtimeConnected, realtimeConnectionFailed, realtimeDisconnected } from './connectionActions';
import { lazySocketIo } from './lazySocketIo';
import { reconnectingSocketOptions, type ClientSocket, type SocketFactory } from './socketFactory';

/** The part of the root state the connection reads (app/ composes it into the store). */
export interface RealtimeHostState {
  config: { socketUrl: string; socketPath: string };
  auth: { token: string | null; user: { id: number } | null };
}

/** Who a socket speaks for: its token, the rooms it joins, and what ends that session. */
export interface RealtimeRole {
  token(state: never): string | null;
  /** Joins the role's rooms and calls `joined` once in; without it, connecting is joining. */
  join?(socket: ClientSocket, state: never, joined: () => void): void;
  onUnauthorized(): UnknownAction;
}

export interface RealtimeMiddlewareOptions {
  /**
   * Every feature's channel (app/realtimeChannels.ts), or a function giving them as they are now (a
   * lazy screen registers its channel when it loads). Each reads its own part of the state, which the
   * store composes (app/rootReducer.ts): the connection does not know those parts.
   */
  channels: readonly RealtimeChannel<never>[] | (() => readonly RealtimeChannel<never>[]);
  /** The action that ends the desk's session when the server refuses its token (app's auth/sessionExpired). */
  onUnauthorized: () => UnknownAction;
  /** Roles besides the desk's, by name (the driver's phone). */
  roles?: Record<string, RealtimeRole>;
  /** socket.io, loaded with the first connection, by default; tests pass a fake. */
  createSocket?: SocketFactory;
  /** Clock for the timestamps put into actions. */
  now?: () => number;
  /** Actions that close every socket whoever holds it (app/unmounted). */
  closeOn?: (action: unknown) => boolean;
}

/** The server refuses a bad token at the handshake with this text ('No autorizado'). */
const UNAUTHORIZED = /unauthori[sz]ed|no autorizado/i;

/** The desk: the signed-in person's token, and the fleet's room, joined with their id. */
function deskRole(onUnauthorized: () => UnknownAction): RealtimeRole {
  return {
    token: (state: RealtimeHostState) => state.auth.token,
    join(socket, state: RealtimeHostState, joined) {
      const userId = state.auth.user?.id;
      if (userId !== undefined) socket.emit(SocketEvent.joinOwnerRoom, userId, (ack?: JoinOwnerRoomAck) => ack?.ok && joined());
    },
    onUnauthorized,
  };
}

interface Attached {
  channel: RealtimeChannel<never>;
  handlers: ChannelHandlers;
}

export function createRealtimeMiddleware({ channels, onUnauthorized, roles = {}, createSocket = lazySocketIo, now = Date.now, closeOn = () => false }: RealtimeMiddlewareOptions): Middleware<object, RealtimeHostState> {
  const allRoles: Record<string, RealtimeRole> = { desk: deskRole(onUnauthorized), ...roles };
  const channelsNow = typeof channels === 'function' ? channels : () => channels;
  return (store) => {
    // The thunk middleware runs a function whatever state it was typed for.
    const dispatch: ChannelDispatch = (action) => store.dispatch(action as UnknownAction);
    const getState = store.getState as () => never;
    const attached: Attached[] = [];
    const sockets = new Map<string, ClientSocket>();
    /** When each role's socket last connected, while it is up. */
    const connectedAt = new Map<string, string>();
    /** Channels holding each role's connection (each at most once). */
    const holders = new Map<string, Set<string>>();
    const roleOf = (channel: RealtimeChannel<never>) => channel.role ?? 'desk';
    const ofRole = (role: string) => attached.filter(({ channel }) => roleOf(channel) === role);
    const listen = (socket: ClientSocket, { handlers }: Attached) => {
      for (const [event, handle] of Object.entries(handlers.events)) if (handle) socket.on(event, handle);
    };

    /** Channels registered since the last action get their handlers (and the open socket's events). */
    function attachNew() {
      for (const channel of channelsNow()) {
        if (attached.some((entry) => entry.channel === channel)) continue;
        const entry = { channel, handlers: channel.attach({ dispatch, getState }) };
        attached.push(entry);
        const socket = sockets.get(roleOf(channel));
        if (socket) {
          entry.handlers.onOpen?.();
          listen(socket, entry);
        }
      }
    }

    function open(role: string) {
      if (sockets.has(role)) return; // StrictMode mounts twice: one socket is enough.
      const { token, join, onUnauthorized: unauthorized } = allRoles[role];
      const mine = ofRole(role);
      for (const { handlers } of mine) handlers.onOpen?.();
      const { config } = store.getState();
      const channelAuth = Object.assign({}, ...mine.map(({ channel }) => channel.auth ?? {})) as Record<string, unknown>;
      const current = createSocket(config.socketUrl || window.location.origin, reconnectingSocketOptions(config.socketPath, { ...channelAuth, token: token(getState()) }));
      let joinedBefore = false;

      const joined = () => {
        if (sockets.get(role) !== current) return; // closed meanwhile
        for (const { handlers } of ofRole(role)) (joinedBefore ? handlers.onReconnect : handlers.onJoined)?.();
        joinedBefore = true;
      };
      current.on('connect', () => {
        const at = new Date(now()).toISOString();
        connectedAt.set(role, at);
        store.dispatch(realtimeConnected(at, role));
        if (join) join(current, getState(), joined);
        else joined();
      });
      current.on('disconnect', (reason: string) => {
        connectedAt.delete(role);
        store.dispatch(realtimeDisconnected(reason, reason !== 'io client disconnect', role));
        // socket.io retries every drop except one the server asked for; we want that one back too.
        if (reason === 'io server disconnect') current.connect();
      });
      current.on('connect_error', (error: Error) => {
        const message = error?.message || 'Error de conexión';
        if (UNAUTHORIZED.test(message)) {
          close(role);
          store.dispatch(unauthorized());
          return;
        }
        store.dispatch(realtimeConnectionFailed(message, current.active, role));
      });
      // The server lost events between its processes (its database was away): reload like after a drop.
      current.on(SocketEvent.resync, () => {
        for (const { handlers } of ofRole(role)) handlers.onReconnect?.();
      });
      for (const entry of mine) listen(current, entry);

      sockets.set(role, current);
      current.connect();
    }

    function close(role: string) {
      holders.get(role)?.clear();
      for (const { handlers } of ofRole(role)) handlers.onClose?.();
      const closing = sockets.get(role);
      if (!closing) return;
      sockets.delete(role);
      connectedAt.delete(role);
      closing.off(); // before disconnect(): our own disconnect is not news
      closing.disconnect();
    }

    return (next) => (action) => {
      const result = next(action);
      attachNew();
      for (const { handlers } of attached) handlers.onAction?.(action as UnknownAction);
      const opening = attached.find(({ channel }) => channel.openOn(action, getState()));
      const releasing = opening ? undefined : attached.find(({ channel }) => channel.releaseOn(action));
      if (opening) {
        const role = roleOf(opening.channel);
        if (!holders.has(role)) holders.set(role, new Set());
        holders.get(role)?.add(opening.channel.name);
        open(role);
        // A socket already up (the live map opened after Alertas' channel connected): no 'connect'
        // will come for the screen that has just opened, so its channel is told.
        const since = connectedAt.get(role);
        if (since) opening.handlers.onAlreadyConnected?.(since);
      } else if (releasing) {
        const role = roleOf(releasing.channel);
        holders.get(role)?.delete(releasing.channel.name);
        if (!holders.get(role)?.size) close(role);
      } else if (closeOn(action)) for (const role of Object.keys(allRoles)) close(role);
      return result;
    };
  };
}
