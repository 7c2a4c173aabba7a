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
import { createAttachedChannels } from './attachedChannels';
import type { ChannelDispatch, RealtimeChannel } from './channel';
import { lazySocketIo } from './lazySocketIo';
import { createRoleSockets, type RealtimeHostState, type RealtimeRole } from './roleSockets';
import type { SocketFactory } from './socketFactory';

export type { RealtimeHostState, RealtimeRole } from './roleSockets';

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

export function createRealtimeMiddleware({ channels, onUnauthorized, roles = {}, createSocket = lazySocketIo, now = Date.now, closeOn = () => false }: RealtimeMiddlewareOptions): Middleware<object, RealtimeHostState> {
  const allRoles: Record<string, RealtimeRole> = { desk: deskRole(onUnauthorized), ...roles };
  const channelsNow = typeof channels === 'function' ? channels : () => channels;
  return (store) => {
    // The thunk middleware runs a function whatever state it was typed for.
    const dispatch: ChannelDispatch = (action) => store.dispatch(action as UnknownAction);
    const getState = store.getState as () => never;
    const attached = createAttachedChannels(channelsNow, { dispatch, getState });
    const sockets = createRoleSockets({ roles: allRoles, channels: attached, createSocket, now, dispatch: store.dispatch, getState: store.getState });

    return (next) => (action) => {
      const result = next(action);
      attached.attachNew(sockets.socketOf);
      for (const { handlers } of attached.all) handlers.onAction?.(action as UnknownAction);
      const opening = attached.all.find(({ channel }) => channel.openOn(action, getState()));
      const releasing = opening ? undefined : attached.all.find(({ channel }) => channel.releaseOn(action));
      if (opening) {
        // A socket already up (the live map opened after Alertas' channel connected): no 'connect'
        // will come for the screen that has just opened, so its channel is told.
        const since = sockets.hold(opening.channel);
        if (since) opening.handlers.onAlreadyConnected?.(since);
      } else if (releasing) sockets.release(releasing.channel);
      else if (closeOn(action)) sockets.closeAll();
      return result;
    };
  };
}
