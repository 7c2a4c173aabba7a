/**
 * One socket per role, held by the channels that opened it: it opens with the first holder and closes
 * when the last one lets go (or the server refuses the role's token). Each (re)connect joins the role's
 * rooms; the first join tells the channels that what they read before may lack what happened
 * meanwhile, a later one (or the server's `resync`) that they must reload.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { SocketEvent } from '../../../contract/socketEvents';
import { listen, roleOf, type AttachedChannels } from './attachedChannels';
import type { RealtimeChannel } from './channel';
import { realtimeConnected, realtimeConnectionFailed, realtimeDisconnected } from './connectionActions';
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

/** The server refuses a bad token at the handshake with this text ('No autorizado'). */
const UNAUTHORIZED = /unauthori[sz]ed|no autorizado/i;

export interface RoleSocketsOptions {
  roles: Record<string, RealtimeRole>;
  channels: AttachedChannels;
  createSocket: SocketFactory;
  now: () => number;
  dispatch: (action: UnknownAction) => unknown;
  getState: () => RealtimeHostState;
}

/** What a role's socket tells the store and its channels, from connecting to a refused token. */
interface ConnectionWatch {
  role: string;
  /** The role's rooms are joined: the channels hear it (first join, or a reconnect). */
  joined(): void;
  connectedAt: Map<string, string>;
  close(role: string): void;
  options: RoleSocketsOptions;
}

function watchConnection(socket: ClientSocket, { role, joined, connectedAt, close, options }: ConnectionWatch) {
  const { dispatch, getState, now, channels } = options;
  const { join, onUnauthorized } = options.roles[role];
  socket.on('connect', () => {
    const at = new Date(now()).toISOString();
    connectedAt.set(role, at);
    dispatch(realtimeConnected(at, role));
    if (join) join(socket, getState() as never, joined);
    else joined();
  });
  socket.on('disconnect', (reason: string) => {
    connectedAt.delete(role);
    dispatch(realtimeDisconnected(reason, reason !== 'io client disconnect', role));
    // socket.io retries every drop except one the server asked for; we want that one back too.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', (error: Error) => {
    const message = error?.message || 'Error de conexión';
    if (UNAUTHORIZED.test(message)) {
      close(role);
      dispatch(onUnauthorized());
      return;
    }
    dispatch(realtimeConnectionFailed(message, socket.active, role));
  });
  // The server lost events between its processes (its database was away): reload like after a drop.
  socket.on(SocketEvent.resync, () => {
    for (const { handlers } of channels.ofRole(role)) handlers.onReconnect?.();
  });
}

export function createRoleSockets(options: RoleSocketsOptions) {
  const { roles, channels, createSocket, getState } = options;
  const sockets = new Map<string, ClientSocket>();
  /** When each role's socket last connected, while it is up. */
  const connectedAt = new Map<string, string>();
  /** Channels holding each role's connection (each at most once). */
  const holders = new Map<string, Set<string>>();

  function open(role: string) {
    if (sockets.has(role)) return; // StrictMode mounts twice: one socket is enough.
    const mine = channels.ofRole(role);
    for (const { handlers } of mine) handlers.onOpen?.();
    const { config } = getState();
    const channelAuth = Object.assign({}, ...mine.map(({ channel }) => channel.auth ?? {})) as Record<string, unknown>;
    const token = roles[role].token(getState() as never);
    const current = createSocket(config.socketUrl || window.location.origin, reconnectingSocketOptions(config.socketPath, { ...channelAuth, token }));
    let joinedBefore = false;
    const joined = () => {
      if (sockets.get(role) !== current) return; // closed meanwhile
      for (const { handlers } of channels.ofRole(role)) (joinedBefore ? handlers.onReconnect : handlers.onJoined)?.();
      joinedBefore = true;
    };
    watchConnection(current, { role, joined, connectedAt, close, options });
    for (const entry of mine) listen(current, entry);
    sockets.set(role, current);
    current.connect();
  }

  function close(role: string) {
    holders.get(role)?.clear();
    for (const { handlers } of channels.ofRole(role)) handlers.onClose?.();
    const closing = sockets.get(role);
    if (!closing) return;
    sockets.delete(role);
    connectedAt.delete(role);
    closing.off(); // before disconnect(): our own disconnect is not news
    closing.disconnect();
  }

  return {
    socketOf: (role: string) => sockets.get(role),
    /** The channel holds its role's socket, opening it if it is the first; returns since when it is up, if it is. */
    hold(channel: RealtimeChannel<never>): string | undefined {
      const role = roleOf(channel);
      if (!holders.has(role)) holders.set(role, new Set());
      holders.get(role)?.add(channel.name);
      open(role);
      return connectedAt.get(role);
    },
    /** The channel lets go; the last one to do so closes the socket. */
    release(channel: RealtimeChannel<never>) {
      const role = roleOf(channel);
      holders.get(role)?.delete(channel.name);
      if (!holders.get(role)?.size) close(role);
    },
    closeAll() {
      for (const role of Object.keys(roles)) close(role);
    },
  };
}
