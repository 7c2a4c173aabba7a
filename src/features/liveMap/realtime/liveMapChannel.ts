/**
 * The live map's channel on the desk's socket (the connection is src/lib/realtime; app/ registers
 * this channel). It holds the socket from liveMap/opened to liveMap/closed and turns socket events
 * into actions. Location updates are merged per shift and flushed as one
 * activeShifts/locationsReceived at most once per flushIntervalMs, so thousands of taxis make a
 * handful of readable actions per second. socket.io does not replay what was missed while
 * disconnected, so every re-connect refetches the active-shift snapshot (and the availability).
 * The jobs live beside it: the flush (locationFlush.ts), the checked events (liveMapEvents.ts), the
 * cached reads it refetches and follows (liveMapQueries.ts).
 * It opts into the batched event (handshake `auth.batch`, contract/socket.ts): a server that knows it
 * sends one `location_batch {updates}` per flush instead of one `location_update` per taxi, which
 * saves the browser thousands of event dispatches a second; a server that does not keeps sending
 * `location_update`, and both go into the same buffer. An availability change heard while the
 * availability is loading is written again into its answer, and what was read before the socket
 * first joined the fleet's room is read again once it has (lib/realtime/followedQueries.ts).
 */
import type { RealtimeChannel } from '../../../lib/realtime/channel';
import { realtimeConnected } from '../../../lib/realtime/connectionActions';
import type { ActiveShiftsState } from '../state/activeShiftsSlice';
import { liveMapClosed, liveMapOpened } from '../state/liveMapSlice';
import { liveMapEvents, loadChecks } from './liveMapEvents';
import { createLiveMapQueries } from './liveMapQueries';
import { createLocationFlush } from './locationFlush';

export interface LiveMapChannelOptions {
  flushIntervalMs?: number;
}

export function createLiveMapChannel({ flushIntervalMs = 250 }: LiveMapChannelOptions = {}): RealtimeChannel<{ activeShifts: ActiveShiftsState }> {
  return {
    name: 'liveMap',
    openOn: liveMapOpened.match,
    releaseOn: liveMapClosed.match,
    auth: { batch: true },
    attach(store) {
      /** Whether a socket is open: a payload whose checks load after the map closed is dropped. */
      let open = false;
      const queries = createLiveMapQueries(store);
      const locations = createLocationFlush({ store, flushIntervalMs, queries });
      const { availabilities, snapshot } = queries;

      return {
        events: liveMapEvents({ dispatch: store.dispatch, locations, availabilities, isOpen: () => open }),
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
          store.dispatch(realtimeConnected(since));
        },
        onReconnect() {
          locations.forgetRefetched();
          queries.refetchSnapshot();
          queries.refetchAvailability();
        },
        onClose() {
          open = false;
          locations.clear();
          availabilities.clear();
          snapshot.clear();
        },
      };
    },
  };
}

/** The app's live-map channel (app/realtimeChannels.ts); tests make their own with a shorter flush. */
export const liveMapChannel = createLiveMapChannel();
