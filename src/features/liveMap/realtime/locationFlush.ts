/**
 * Location updates merged per shift and flushed as one activeShifts/locationsReceived at most once per
 * flushIntervalMs, so thousands of taxis make a handful of readable actions per second. An update for
 * a shift the snapshot does not list refetches the snapshot once (not forever for an unlisted shift).
 */
import type { ChannelStore } from '../../../lib/realtime/channel';
import { locationsReceived, type ActiveShiftsState, type LiveLocationUpdate } from '../state/activeShiftsSlice';
import { createLocationBuffer } from './locationBuffer';
import type { LiveMapQueries } from './liveMapQueries';

export interface LocationFlushOptions {
  store: ChannelStore<{ activeShifts: ActiveShiftsState }>;
  flushIntervalMs: number;
  queries: Pick<LiveMapQueries, 'refetchSnapshot' | 'snapshotOnItsWay'>;
}

export function createLocationFlush({ store: { dispatch, getState }, flushIntervalMs, queries }: LocationFlushOptions) {
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const buffer = createLocationBuffer();
  /** Shifts we refetched the snapshot for, so an unlisted shift cannot make us refetch forever. */
  const refetchedFor = new Set<number>();

  function flush() {
    flushTimer = null;
    const known = getState().activeShifts.entities;
    const updates = buffer.take();
    const matching = updates.filter((update) => known[update.shift_id]);
    const unknown = updates.filter((update) => !known[update.shift_id] && !refetchedFor.has(update.shift_id));
    if (matching.length) dispatch(locationsReceived(matching));
    if (!unknown.length) return;
    if (queries.snapshotOnItsWay()) {
      // RTK Query drops a refetch while a request is pending, and that request may have been read
      // before this shift started: hold its updates until the answer is in, then look again.
      unknown.forEach((update) => buffer.add(update));
      flushTimer = setTimeout(flush, flushIntervalMs);
      return;
    }
    unknown.forEach((update) => refetchedFor.add(update.shift_id));
    queries.refetchSnapshot();
  }

  return {
    add(update: LiveLocationUpdate) {
      buffer.add(update);
      flushTimer ??= setTimeout(flush, flushIntervalMs);
    },
    /** A re-connect: the refetched snapshot lists what it lists, so an unknown shift may refetch again. */
    forgetRefetched() {
      refetchedFor.clear();
    },
    clear() {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      buffer.clear();
      refetchedFor.clear();
    },
  };
}

export type LocationFlush = ReturnType<typeof createLocationFlush>;
