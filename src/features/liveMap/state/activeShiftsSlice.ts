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

const initialState = adapter.getInitialState({
  connection: { status: 'idle', lastConnectedAt: null, lastError: null } as ConnectionState,
});
export type ActiveShiftsState = typeof initialState;

/** Whether `candidate` is strictly newer than what we have (anything beats nothing). */
function isNewer(candidate: string | null, current: string | null): boolean {
  if (!candidate) return false;
  return !current || Date.parse(candidate) > Date.parse(current);
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
    },
    shiftEnded(state, { payload }: PayloadAction<ShiftEndedPayload>) {
      adapter.removeOne(state, payload.shift_id);
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
      .addCase(realtimeConnected, (state, { payload }) => {
        state.connection = { status: 'connected', lastConnectedAt: payload.at, lastError: null };
      })
      .addCase(realtimeDisconnected, (state, { payload }) => {
        state.connection.status = payload.willReconnect ? 'reconnecting' : 'idle';
        state.connection.lastError = payload.reason;
      })
      .addCase(realtimeConnectionFailed, (state, { payload }) => {
        state.connection.status = payload.willRetry ? 'reconnecting' : 'idle';
        state.connection.lastError = payload.message;
      })
      // The snapshot replaces the list, but a position the socket already gave us stays if it is newer.
      .addMatcher(liveMapApi.endpoints.getActiveShifts.matchFulfilled, (state, { payload }) => {
        const shifts = payload.shifts.map((shift) => {
          const known = state.entities[shift.id];
          if (!known || !isNewer(known.last_location_time, shift.last_location_time)) return shift;
          return { ...shift, latitude: known.latitude, longitude: known.longitude, last_location_time: known.last_location_time, speed: known.speed, heading: known.heading };
        });
        adapter.setAll(state, shifts);
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
