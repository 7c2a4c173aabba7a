/**
 * Owns the socket.io connection of the live map (in this closure, never in state). It connects on
 * liveMap/opened and disconnects on liveMap/closed (or what `closeOn` matches: app/unmounted), joins the owner's room on every (re)connect,
 * and turns socket events into actions. Location updates are merged per shift and flushed as one
 * activeShifts/locationsReceived at most once per flushIntervalMs, so thousands of taxis make a
 * handful of readable actions per second. socket.io does not replay what was missed while
 * disconnected, so every re-connect refetches the active-shift snapshot.
 * It opts into the batched event (handshake `auth.batch`, contract/socket.ts): a server that knows it
 * sends one `location_batch {updates}` per flush instead of one `location_update` per taxi, which
 * saves the browser thousands of event dispatches a second; a server that does not keeps sending
 * `location_update`, and both go into the same buffer.
 */
import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { z } from 'zod';
import { SocketEvent } from '../../../../contract/socketEvents';
import { locationsReceived, shiftEnded, shiftStarted } from '../state/activeShiftsSlice';
import { liveMapApi } from '../state/liveMapApi';
import { liveMapClosed, liveMapOpened } from '../state/liveMapSlice';
import { realtimeConnected, realtimeConnectionFailed, realtimeDisconnected } from '../state/realtimeActions';
import { sessionExpired } from '../../../app/api';
import type { RuntimeConfig } from '../../../app/config';
import { lazySocketIo } from './lazySocketIo';
import { createLocationBuffer } from './locationBuffer';
import type * as PayloadChecks from './payloadChecks';
import type { ClientSocket } from '../../../lib/realtime/socketFactory';
import type { ActiveShiftsState } from '../state/activeShiftsSlice';

/** The part of a socket.io client socket the middleware uses (tests give a fake): the app's one description. */
export type RealtimeSocket = ClientSocket;

export type RealtimeSocketOptions = Partial<ManagerOptions & SocketOptions>;
export type CreateSocket = (url: string, options: RealtimeSocketOptions) => RealtimeSocket;

export interface SocketMiddlewareOptions {
  createSocket?: CreateSocket;
  flushIntervalMs?: number;
  /** Clock for the timestamps put into actions. */
  now?: () => number;
  /** Actions from outside the feature that also close the socket (app/ passes its unmount action). */
  closeOn?: (action: unknown) => boolean;
  /**
   * Other screens that need the same connection (app/ composes them, so this feature imports none):
   * each says which actions open and release it, which events it handles and what to do on a
   * re-connect. The socket stays open while any screen holds it.
   */
  channels?: RealtimeChannel[];
}

/** What a channel may dispatch: actions, or thunks typed for its own part of the state (RTK Query's cache updates). */
export type ChannelDispatch = (action: UnknownAction | ((...args: never[]) => unknown)) => unknown;

/** A screen's share of the one connection (the dispatch board's, for example). */
export interface RealtimeChannel {
  openOn(action: unknown): boolean;
  releaseOn(action: unknown): boolean;
  /** Socket event → handler; the handler checks its payload against the contract. */
  events: Record<string, (payload: unknown, dispatch: ChannelDispatch) => void>;
  /** socket.io does not replay what was missed: reload what the screen shows. */
  onReconnect?(dispatch: ChannelDispatch): void;
}

/** The part of the root state the middleware reads; app/ composes it into the store. */
export interface RealtimeHostState {
  config: Pick<RuntimeConfig, 'socketUrl' | 'socketPath'>;
  auth: { token: string | null; user: { id: number } | null };
  activeShifts: ActiveShiftsState;
}

// socket.io-client loads with the live map, not with the first screen (./lazySocketIo.ts).
const connectSocketIo: CreateSocket = lazySocketIo;

/** The server refuses a bad token at the handshake with this text ('No autorizado'). */
const UNAUTHORIZED = /unauthori[sz]ed|no autorizado/i;

type AppThunkDispatch = ThunkDispatch<RealtimeHostState, unknown, UnknownAction>;

type Checks = typeof PayloadChecks;
/** The payload schemas (zod) load with the socket, not with the first screen (./payloadChecks.ts). */
let checksLoading: Promise<Checks> | null = null;
let loadedChecks: Checks | null = null;
function loadChecks(): Promise<Checks> {
  checksLoading ??= import(/* webpackChunkName: "socket-payloads" */ './payloadChecks').then((checks) => (loadedChecks = checks));
  return checksLoading;
}

/** A payload the contract refuses: said in the console (with zod's reasons), never thrown. */
function warnDropped(event: string, payload: unknown, schema?: z.ZodType) {
  const first = Array.isArray(payload) ? payload[0] : payload;
  const reasons = schema ? schema.safeParse(first).error?.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`) : ['no es un lote {updates: [...]}'];
  console.warn(`Flota: evento ${event} descartado, no coincide con el contrato`, { payload, reasons });
}

export function createSocketMiddleware({ createSocket = connectSocketIo, flushIntervalMs = 250, now = Date.now, closeOn = () => false, channels = [] }: SocketMiddlewareOptions = {}): Middleware<
  object,
  RealtimeHostState,
  AppThunkDispatch
> {
  return (store) => {
    let socket: RealtimeSocket | null = null;
    /** Screens holding the connection: the live map, and each channel's screen (each at most once). */
    const holders = new Set<string>();
    // The thunk middleware runs a function whatever state it was typed for.
    const channelDispatch: ChannelDispatch = (action) => store.dispatch(action as UnknownAction);
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    const buffer = createLocationBuffer();
    /** Shifts we refetched the snapshot for, so an unlisted shift cannot make us refetch forever. */
    const refetchedFor = new Set<number>();

    const refetchSnapshot = () => {
      void store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate(undefined, { forceRefetch: true, subscribe: false }));
    };
    const refetchAvailability = () => {
      // Only when a screen reads it (the live map): a desk without dispatch never asks.
      if (liveMapApi.endpoints.getAvailability.select()(store.getState() as never).status !== 'uninitialized') {
        void store.dispatch(liveMapApi.endpoints.getAvailability.initiate(undefined, { forceRefetch: true, subscribe: false }));
      }
    };

    function flush() {
      flushTimer = null;
      const known = store.getState().activeShifts.entities;
      const updates = buffer.take();
      const matching = updates.filter((update) => known[update.shift_id]);
      const unknown = updates.filter((update) => !known[update.shift_id] && !refetchedFor.has(update.shift_id));
      if (matching.length) store.dispatch(locationsReceived(matching));
      if (unknown.length) {
        unknown.forEach((update) => refetchedFor.add(update.shift_id));
        refetchSnapshot();
      }
    }

    // Payloads are checked at the edge with the contract's schemas (contract/socket.ts): one that
    // does not match is dropped with a warning, never cast into state.
    function addUpdate({ locationUpdateSchema }: Checks, payload: unknown): boolean {
      const update = locationUpdateSchema.safeParse(payload);
      if (!update.success) return false;
      buffer.add(update.data);
      flushTimer ??= setTimeout(flush, flushIntervalMs);
      return true;
    }

    function onLocationUpdate(checks: Checks, payload: unknown) {
      if (!addUpdate(checks, payload)) warnDropped(SocketEvent.locationUpdate, payload, checks.locationUpdateSchema);
    }

    /** One bad update does not cost the others of its flush; one warning per batch. */
    function onLocationBatch(checks: Checks, payload: unknown) {
      const updates = (payload as { updates?: unknown } | null | undefined)?.updates;
      if (!Array.isArray(updates)) {
        warnDropped(SocketEvent.locationBatch, payload);
        return;
      }
      const dropped = updates.filter((update) => !addUpdate(checks, update));
      if (dropped.length) warnDropped(SocketEvent.locationBatch, dropped, checks.locationUpdateSchema);
    }

    function onShiftStarted({ shiftStartedPayloadSchema }: Checks, payload: unknown) {
      const parsed = shiftStartedPayloadSchema.safeParse(payload);
      if (parsed.success) store.dispatch(shiftStarted(parsed.data));
      else warnDropped(SocketEvent.shiftStarted, payload, shiftStartedPayloadSchema);
    }

    /** A taxi became Libre, Ocupado or Fuera de servicio: its colour on the map changes at once. */
    function onAvailabilityChanged({ availabilityChangedPayloadSchema }: Checks, payload: unknown) {
      const parsed = availabilityChangedPayloadSchema.safeParse(payload);
      if (!parsed.success) return warnDropped(SocketEvent.availabilityChanged, payload, availabilityChangedPayloadSchema);
      const { shift_id, availability } = parsed.data;
      channelDispatch(
        liveMapApi.util.updateQueryData('getAvailability', undefined, (draft) => {
          draft[shift_id] = availability;
        }),
      );
    }

    function onShiftEnded({ shiftEndedPayloadSchema }: Checks, payload: unknown) {
      const parsed = shiftEndedPayloadSchema.safeParse(payload);
      if (parsed.success) store.dispatch(shiftEnded(parsed.data));
      else warnDropped(SocketEvent.shiftEnded, payload, shiftEndedPayloadSchema);
    }

    /** A payload handler that runs once the schemas are here (at once after the first time), in arrival order. */
    function checked(handle: (checks: Checks, payload: unknown) => void) {
      return (payload: unknown) => {
        if (loadedChecks) handle(loadedChecks, payload);
        else
          void loadChecks().then((checks) => {
            if (socket) handle(checks, payload); // not after the map closed meanwhile
          });
      };
    }

    function open() {
      if (socket) return; // StrictMode mounts twice: one socket is enough.
      void loadChecks();
      const { config, auth } = store.getState();
      const current = createSocket(config.socketUrl || window.location.origin, {
        path: config.socketPath,
        auth: { token: auth.token, batch: true },
        autoConnect: false,
        // A connection of its own each time the map opens, never a cached one with an old token.
        forceNew: true,
        reconnection: true,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 10_000,
      });
      let connectedBefore = false;

      current.on('connect', () => {
        const ownerId = store.getState().auth.user?.id;
        if (ownerId !== undefined) current.emit(SocketEvent.joinOwnerRoom, ownerId);
        store.dispatch(realtimeConnected(new Date(now()).toISOString()));
        if (connectedBefore) {
          refetchedFor.clear();
          refetchSnapshot();
          refetchAvailability();
          channels.forEach((channel) => channel.onReconnect?.(channelDispatch));
        }
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
          store.dispatch(sessionExpired());
          return;
        }
        store.dispatch(realtimeConnectionFailed(message, current.active));
      });
      current.on(SocketEvent.locationUpdate, checked(onLocationUpdate));
      current.on(SocketEvent.locationBatch, checked(onLocationBatch));
      current.on(SocketEvent.shiftStarted, checked(onShiftStarted));
      current.on(SocketEvent.shiftEnded, checked(onShiftEnded));
      current.on(SocketEvent.availabilityChanged, checked(onAvailabilityChanged));
      for (const channel of channels) {
        for (const [event, handle] of Object.entries(channel.events)) current.on(event, (payload: unknown) => handle(payload, channelDispatch));
      }

      socket = current;
      current.connect();
    }

    function close() {
      holders.clear();
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      buffer.clear();
      refetchedFor.clear();
      if (!socket) return;
      const closing = socket;
      socket = null;
      closing.off(); // before disconnect(): our own disconnect is not news
      closing.disconnect();
    }

    return (next) => (action) => {
      const result = next(action);
      const opening = liveMapOpened.match(action) ? 'liveMap' : channels.findIndex((channel) => channel.openOn(action));
      const releasing = liveMapClosed.match(action) ? 'liveMap' : channels.findIndex((channel) => channel.releaseOn(action));
      if (opening !== -1) {
        holders.add(String(opening));
        open();
      } else if (releasing !== -1) {
        holders.delete(String(releasing));
        if (holders.size === 0) close();
      } else if (closeOn(action)) close();
      return result;
    };
  };
}
