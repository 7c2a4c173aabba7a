/**
 * The live map's channel on the desk's socket (the connection is src/lib/realtime; app/ registers
 * this channel). It holds the socket from liveMap/opened to liveMap/closed and turns socket events
 * into actions. Location updates are merged per shift and flushed as one
 * activeShifts/locationsReceived at most once per flushIntervalMs, so thousands of taxis make a
 * handful of readable actions per second. socket.io does not replay what was missed while
 * disconnected, so every re-connect refetches the active-shift snapshot (and the availability).
 * It opts into the batched event (handshake `auth.batch`, contract/socket.ts): a server that knows it
 * sends one `location_batch {updates}` per flush instead of one `location_update` per taxi, which
 * saves the browser thousands of event dispatches a second; a server that does not keeps sending
 * `location_update`, and both go into the same buffer. An availability change heard while the
 * availability is loading is written again into its answer, and what was read before the socket
 * first joined the fleet's room is read again once it has (lib/realtime/followedQueries.ts).
 */
import type { z } from 'zod';
import { SocketEvent } from '../../../../contract/socketEvents';
import type { RealtimeChannel } from '../../../lib/realtime/channel';
import { realtimeConnected } from '../../../lib/realtime/connectionActions';
import { followQueries } from '../../../lib/realtime/followedQueries';
import type { Availability } from '../../../../contract/api';
import { locationsReceived, shiftEnded, shiftStarted, type ActiveShiftsState } from '../state/activeShiftsSlice';
import { liveMapApi } from '../state/liveMapApi';
import { liveMapClosed, liveMapOpened } from '../state/liveMapSlice';
import { createLocationBuffer } from './locationBuffer';
import type * as PayloadChecks from './payloadChecks';

export interface LiveMapChannelOptions {
  flushIntervalMs?: number;
}

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

export function createLiveMapChannel({ flushIntervalMs = 250 }: LiveMapChannelOptions = {}): RealtimeChannel<{ activeShifts: ActiveShiftsState }> {
  return {
    name: 'liveMap',
    openOn: liveMapOpened.match,
    releaseOn: liveMapClosed.match,
    auth: { batch: true },
    attach({ dispatch, getState }) {
      /** Whether a socket is open: a payload whose checks load after the map closed is dropped. */
      let open = false;
      let flushTimer: ReturnType<typeof setTimeout> | null = null;
      const buffer = createLocationBuffer();
      /** Shifts we refetched the snapshot for, so an unlisted shift cannot make us refetch forever. */
      const refetchedFor = new Set<number>();

      const refetchSnapshot = () => {
        void dispatch(liveMapApi.endpoints.getActiveShifts.initiate(undefined, { forceRefetch: true, subscribe: false }));
      };
      const refetchAvailability = () => {
        // Only when a screen reads it (the live map): a desk without dispatch never asks.
        if (liveMapApi.endpoints.getAvailability.select()(getState() as never).status !== 'uninitialized') {
          void dispatch(liveMapApi.endpoints.getAvailability.initiate(undefined, { forceRefetch: true, subscribe: false }));
        }
      };

      function flush() {
        flushTimer = null;
        const known = getState().activeShifts.entities;
        const updates = buffer.take();
        const matching = updates.filter((update) => known[update.shift_id]);
        const unknown = updates.filter((update) => !known[update.shift_id] && !refetchedFor.has(update.shift_id));
        if (matching.length) dispatch(locationsReceived(matching));
        if (!unknown.length) return;
        if (snapshotOnItsWay()) {
          // RTK Query drops a refetch while a request is pending, and that request may have been read
          // before this shift started: hold its updates until the answer is in, then look again.
          unknown.forEach((update) => buffer.add(update));
          flushTimer = setTimeout(flush, flushIntervalMs);
          return;
        }
        unknown.forEach((update) => refetchedFor.add(update.shift_id));
        refetchSnapshot();
      }

      const availabilities = followQueries<{ shift_id: number; availability: Availability }>({
        endpoints: ['getAvailability'],
        patch: ({ shift_id, availability }) =>
          dispatch(
            liveMapApi.util.updateQueryData('getAvailability', undefined, (draft) => {
              draft[shift_id] = availability;
            }),
          ),
        afterAnswer: 'replay',
        refetch: refetchAvailability,
        getState,
      });
      // The snapshot's own journal (activeShiftsSlice) keeps what is heard while it loads; this only
      // reads it again when it was read before the socket joined the fleet's room.
      const snapshot = followQueries<never>({ endpoints: ['getActiveShifts'], patch: () => undefined, afterAnswer: 'replay', refetch: refetchSnapshot, getState });

      const snapshotOnItsWay = () => liveMapApi.endpoints.getActiveShifts.select()(getState() as never).status === 'pending';

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
        if (parsed.success) dispatch(shiftStarted(parsed.data));
        else warnDropped(SocketEvent.shiftStarted, payload, shiftStartedPayloadSchema);
      }

      /** A taxi became Libre, Ocupado or Fuera de servicio: its colour on the map changes at once. */
      function onAvailabilityChanged({ availabilityChangedPayloadSchema }: Checks, payload: unknown) {
        const parsed = availabilityChangedPayloadSchema.safeParse(payload);
        if (!parsed.success) return warnDropped(SocketEvent.availabilityChanged, payload, availabilityChangedPayloadSchema);
        availabilities.heard(parsed.data);
      }

      function onShiftEnded({ shiftEndedPayloadSchema }: Checks, payload: unknown) {
        const parsed = shiftEndedPayloadSchema.safeParse(payload);
        if (parsed.success) dispatch(shiftEnded(parsed.data));
        else warnDropped(SocketEvent.shiftEnded, payload, shiftEndedPayloadSchema);
      }

      /** A payload handler that runs once the schemas are here (at once after the first time), in arrival order. */
      function checked(handle: (checks: Checks, payload: unknown) => void) {
        return (payload: unknown) => {
          if (loadedChecks) handle(loadedChecks, payload);
          else
            void loadChecks().then((checks) => {
              if (open) handle(checks, payload); // not after the map closed meanwhile
            });
        };
      }

      return {
        events: {
          [SocketEvent.locationUpdate]: checked(onLocationUpdate),
          [SocketEvent.locationBatch]: checked(onLocationBatch),
          [SocketEvent.shiftStarted]: checked(onShiftStarted),
          [SocketEvent.shiftEnded]: checked(onShiftEnded),
          [SocketEvent.availabilityChanged]: checked(onAvailabilityChanged),
        },
        onOpen() {
          open = true;
          void loadChecks();
        },
        onAction(action) {
          availabilities.saw(action);
          snapshot.saw(action);
        },
        onJoined() {
          availabilities.joined();
          snapshot.joined();
        },
        // The map opened on the desk's socket already up (Alertas' channel opened it): not "Conectando...".
        onAlreadyConnected(since) {
          dispatch(realtimeConnected(since));
        },
        onReconnect() {
          refetchedFor.clear();
          refetchSnapshot();
          refetchAvailability();
        },
        onClose() {
          open = false;
          if (flushTimer) clearTimeout(flushTimer);
          flushTimer = null;
          buffer.clear();
          refetchedFor.clear();
          availabilities.clear();
          snapshot.clear();
        },
      };
    },
  };
}

/** The app's live-map channel (app/realtimeChannels.ts); tests make their own with a shorter flush. */
export const liveMapChannel = createLiveMapChannel();
