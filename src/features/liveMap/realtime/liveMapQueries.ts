/**
 * The live map's two cached reads as the channel sees them: the active-shift snapshot and the taxis'
 * availability, refetched on a re-connect (socket.io does not replay what was missed) and followed
 * (lib/realtime/followedQueries.ts) so an availability change heard while it loads is written again
 * into its answer, and what was read before the socket first joined the fleet's room is read again.
 */
import type { ChannelStore } from '../../../lib/realtime/channel';
import { followQueries } from '../../../lib/realtime/followedQueries';
import type { Availability } from '../../../../contract/api';
import { liveMapApi } from '../state/liveMapApi';

export function createLiveMapQueries({ dispatch, getState }: ChannelStore<unknown>) {
  const refetchSnapshot = () => {
    void dispatch(liveMapApi.endpoints.getActiveShifts.initiate(undefined, { forceRefetch: true, subscribe: false }));
  };
  const refetchAvailability = () => {
    // Only when a screen reads it (the live map): a desk without dispatch never asks.
    if (liveMapApi.endpoints.getAvailability.select()(getState() as never).status !== 'uninitialized') {
      void dispatch(liveMapApi.endpoints.getAvailability.initiate(undefined, { forceRefetch: true, subscribe: false }));
    }
  };
  const snapshotOnItsWay = () => liveMapApi.endpoints.getActiveShifts.select()(getState() as never).status === 'pending';

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

  return { refetchSnapshot, refetchAvailability, snapshotOnItsWay, availabilities, snapshot };
}

export type LiveMapQueries = ReturnType<typeof createLiveMapQueries>;
