/**
 * The shifts on the road now, keyed by id and listed by start time: filled from the snapshot
 * (GET /shifts/active) and kept current by the socket's events. Also the connection's status.
 */
import { createEntityAdapter, createSlice, current, isDraft, type PayloadAction } from '@reduxjs/toolkit';
import type { LocationUpdate, Shift } from '../../../../contract/entities';
import type { ShiftEndedPayload } from '../../../../contract/socket';
import { liveMapApi } from './liveMapApi';
import { liveMapClosed, liveMapOpened } from './liveMapSlice';
import { realtimeConnected, realtimeConnectionFailed, realtimeDisconnected, type ConnectionStatus } from '../../../lib/realtime/connectionActions';

/** A position as the socket delivers it: the contract's location_update (contract/positions.ts). */
export type LiveLocationUpdate = LocationUpdate;

/** An active shift with the motion of its latest position, when known. */
export type LiveShift = Shift & { speed?: number | null; heading?: number | null };

const byStartTime = (a: Shift, b: Shift) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id - b.id;

const adapter = createEntityAdapter<LiveShift>({ sortComparer: byStartTime });

export interface ConnectionState {
  status: ConnectionStatus;
  lastConnectedAt: string | null;
  lastError: string | null;
}

/**
 * What the socket said while a snapshot was on its way. A snapshot is read on the server some time
 * before it arrives: a shift that started (or ended) meanwhile is missing from it (or still in it),
 * and replacing the list with it would undo the event. So each pending request notes where the
 * journal stood when it left, and its answer is followed by the events since.
 */
type JournalEntry = { seq: number; started: LiveShift } | { seq: number; endedId: number };
export interface SnapshotJournal {
  /** The journal's length when each pending request (by RTK Query requestId) was sent. */
  pending: Record<string, number>;
  entries: JournalEntry[];
  next: number;
}

const initialState = adapter.getInitialState({
  connection: { status: 'idle', lastConnectedAt: null, lastError: null } as ConnectionState,
  journal: { pending: {}, entries: [], next: 0 } as SnapshotJournal,
});
export type ActiveShiftsState = typeof initialState;

/** Whether `candidate` is strictly newer than what we have (anything beats nothing). */
function isNewer(candidate: string | null, current: string | null): boolean {
  if (!candidate) return false;
  return !current || Date.parse(candidate) > Date.parse(current);
}

/** Journals an event only while a snapshot is on its way: otherwise nothing could undo it. */
function note(journal: SnapshotJournal, entry: (seq: number) => JournalEntry) {
  if (Object.keys(journal.pending).length === 0) return;
  journal.entries.push(entry(journal.next));
  journal.next += 1;
}

/** A request answered or failed; with none left on its way, the journal empties. */
function settle(journal: SnapshotJournal, requestId: string) {
  delete journal.pending[requestId];
  if (Object.keys(journal.pending).length === 0) journal.entries = [];
}

const activeShiftsSlice = createSlice({
  name: 'activeShifts',
  initialState,
  reducers: {
    /**
     * A batch of positions, at most one per shift (merged by the socket middleware). A batch can move
     * thousands of taxis, and Immer drafting, walking and freezing each of them costs more than a
     * frame (bench/liveMap.bench.ts), so the new state is built by hand: moved shifts are copied,
     * the others stay the same objects, and what is new is frozen here, as Immer would, so that
     * Immer has nothing left to walk.
     */
    locationsReceived(state, { payload }: PayloadAction<LiveLocationUpdate[]>) {
      const base = isDraft(state) ? current(state) : state;
      let entities: typeof base.entities | null = null;
      for (const update of payload) {
        const shift = (entities ?? base.entities)[update.shift_id];
        // Late or duplicate deliveries must not move a taxi back in time.
        if (!shift || !isNewer(update.timestamp, shift.last_location_time)) continue;
        entities ??= { ...base.entities };
        entities[update.shift_id] = Object.freeze({
          ...shift,
          latitude: update.latitude,
          longitude: update.longitude,
          last_location_time: update.timestamp,
          speed: update.speed ?? null,
          heading: update.heading ?? null,
        });
      }
      return entities ? { ...base, entities: Object.freeze(entities) } : undefined;
    },
    shiftStarted(state, { payload }: PayloadAction<{ shift: Shift }>) {
      adapter.upsertOne(state, payload.shift);
      note(state.journal, (seq) => ({ seq, started: payload.shift }));
    },
    shiftEnded(state, { payload }: PayloadAction<ShiftEndedPayload>) {
      adapter.removeOne(state, payload.shift_id);
      note(state.journal, (seq) => ({ seq, endedId: payload.shift_id }));
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(liveMapOpened, (state) => {
        state.connection.status = 'connecting';
      })
      .addCase(liveMapClosed, (state) => {
        state.connection.status = 'idle';
      })
      // The desk's connection only (a driver's phone in the same app has its own).
      .addCase(realtimeConnected, (state, { payload }) => {
        if (payload.role === 'desk') state.connection = { status: 'connected', lastConnectedAt: payload.at, lastError: null };
      })
      .addCase(realtimeDisconnected, (state, { payload }) => {
        if (payload.role !== 'desk') return;
        state.connection.status = payload.willReconnect ? 'reconnecting' : 'idle';
        state.connection.lastError = payload.reason;
      })
      .addCase(realtimeConnectionFailed, (state, { payload }) => {
        if (payload.role !== 'desk') return;
        state.connection.status = payload.willRetry ? 'reconnecting' : 'idle';
        state.connection.lastError = payload.message;
      })
      .addMatcher(liveMapApi.endpoints.getActiveShifts.matchPending, (state, { meta }) => {
        state.journal.pending[meta.requestId] = state.journal.next;
      })
      .addMatcher(liveMapApi.endpoints.getActiveShifts.matchRejected, (state, { meta }) => {
        settle(state.journal, meta.requestId);
      })
      // The snapshot replaces the list, but a position the socket already gave us stays if it is newer,
      // and what the socket said after the request left is said again on top of it.
      .addMatcher(liveMapApi.endpoints.getActiveShifts.matchFulfilled, (state, { payload, meta }) => {
        const before = state.entities;
        const shifts = payload.shifts.map((shift) => {
          const known = before[shift.id];
          if (!known || !isNewer(known.last_location_time, shift.last_location_time)) return shift;
          return { ...shift, latitude: known.latitude, longitude: known.longitude, last_location_time: known.last_location_time, speed: known.speed, heading: known.heading };
        });
        const sentAt = state.journal.pending[meta.requestId] ?? state.journal.next;
        const since = state.journal.entries.filter((entry) => entry.seq >= sentAt);
        const keep = since.flatMap((entry) => ('started' in entry ? [before[entry.started.id] ?? entry.started] : []));
        adapter.setAll(state, shifts);
        for (const entry of since) {
          if ('started' in entry) {
            const shift = keep.find((kept) => kept.id === entry.started.id);
            if (shift && !state.entities[shift.id]) adapter.addOne(state, shift);
          } else adapter.removeOne(state, entry.endedId);
        }
        settle(state.journal, meta.requestId);
      });
  },
});

export const { locationsReceived, shiftStarted, shiftEnded } = activeShiftsSlice.actions;
export const activeShiftsReducer = activeShiftsSlice.reducer;

type WithActiveShifts = { activeShifts: ActiveShiftsState };
const selectors = adapter.getSelectors((state: WithActiveShifts) => state.activeShifts);
export const selectActiveShifts = selectors.selectAll;
export const selectActiveShiftById = selectors.selectById;
export const selectConnection = (state: WithActiveShifts) => state.activeShifts.connection;
