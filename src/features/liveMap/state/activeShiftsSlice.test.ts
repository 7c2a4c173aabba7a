import { http, HttpResponse } from 'msw';
import type { Shift } from '../../../../contract/entities';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../../app/api';
import { demoToken, makeShift } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { server } from '../../../testing/mswServer';
import { activeShiftsReducer, locationsReceived, selectActiveShifts, shiftEnded, shiftStarted, type ActiveShiftsState } from './activeShiftsSlice';
import { liveMapApi } from './liveMapApi';
import { liveMapClosed, liveMapOpened } from './liveMapSlice';
import { realtimeConnected, realtimeConnectionFailed, realtimeDisconnected } from '../../../lib/realtime/connectionActions';

const at = (time: string) => `2026-11-21T${time}.000Z`;

function stateWith(...shifts: Shift[]): ActiveShiftsState {
  return shifts.reduce((state, shift) => activeShiftsReducer(state, shiftStarted({ shift })), activeShiftsReducer(undefined, { type: 'init' }));
}

const listed = (state: ActiveShiftsState) => selectActiveShifts({ activeShifts: state });

describe('activeShifts', () => {
  const first = makeShift({ id: 1, start_time: at('08:00:00'), latitude: -32.45, longitude: -71.22, last_location_time: at('13:00:00') });
  const second = makeShift({ id: 2, start_time: at('09:00:00'), latitude: -32.46, longitude: -71.23, last_location_time: at('13:00:00') });

  it('lists shifts by start time', () => {
    expect(listed(stateWith(second, first)).map((shift) => shift.id)).toEqual([1, 2]);
  });

  it('locationsReceived replaces latitude, longitude and last location time of the matching shift only', () => {
    const state = activeShiftsReducer(stateWith(first, second), locationsReceived([{ shift_id: 2, latitude: -32.5, longitude: -71.3, timestamp: at('13:01:00') }]));
    expect(state.entities[2]).toEqual({ ...second, latitude: -32.5, longitude: -71.3, last_location_time: at('13:01:00'), speed: null, heading: null });
    expect(state.entities[1]).toEqual(first);
  });

  it('keeps speed and heading when the update carries them, and forgets them when the next one does not', () => {
    const moving = activeShiftsReducer(stateWith(first), locationsReceived([{ shift_id: 1, latitude: -32.5, longitude: -71.3, timestamp: at('13:01:00'), speed: 12.5, heading: 90 }]));
    expect(moving.entities[1]).toMatchObject({ speed: 12.5, heading: 90 });
    const plain = activeShiftsReducer(moving, locationsReceived([{ shift_id: 1, latitude: -32.5, longitude: -71.3, timestamp: at('13:02:00') }]));
    expect(plain.entities[1]).toMatchObject({ speed: null, heading: null });
  });

  it('ignores an update older than the position it has, and updates for unknown shifts', () => {
    const before = stateWith(first);
    const after = activeShiftsReducer(before, locationsReceived([
      { shift_id: 1, latitude: 0, longitude: 0, timestamp: at('12:59:59') },
      { shift_id: 99, latitude: 0, longitude: 0, timestamp: at('13:05:00') },
    ]));
    expect(after).toBe(before);
  });

  it('locationsReceived keeps unmoved shifts as the same objects (the list re-renders only moved taxis)', () => {
    const before = stateWith(first, second);
    const after = activeShiftsReducer(before, locationsReceived([{ shift_id: 2, latitude: -32.5, longitude: -71.3, timestamp: at('13:01:00') }]));
    expect(after.entities[1]).toBe(before.entities[1]);
    expect(after.entities[2]).not.toBe(before.entities[2]);
    expect(after.ids).toBe(before.ids);
  });

  it('locationsReceived keeps the newest of two positions for one shift in the same batch, in either order', () => {
    const newer = { shift_id: 1, latitude: -32.6, longitude: -71.4, timestamp: at('13:02:00') };
    const older = { shift_id: 1, latitude: -32.5, longitude: -71.3, timestamp: at('13:01:00') };
    for (const batch of [[newer, older], [older, newer]]) {
      expect(activeShiftsReducer(stateWith(first), locationsReceived(batch)).entities[1]).toMatchObject({ latitude: -32.6, longitude: -71.4, last_location_time: at('13:02:00') });
    }
  });

  it('gives a first position to a shift that had none', () => {
    const state = activeShiftsReducer(stateWith(makeShift({ id: 4, latitude: null, longitude: null, last_location_time: null })), locationsReceived([{ shift_id: 4, latitude: -32.4, longitude: -71.2, timestamp: at('13:00:00') }]));
    expect(state.entities[4]).toMatchObject({ latitude: -32.4, longitude: -71.2, last_location_time: at('13:00:00') });
  });

  it('shiftStarted adds (or refreshes) a shift and shiftEnded removes it', () => {
    let state = stateWith(first);
    state = activeShiftsReducer(state, shiftStarted({ shift: second }));
    expect(listed(state).map((shift) => shift.id)).toEqual([1, 2]);
    state = activeShiftsReducer(state, shiftStarted({ shift: { ...second, plate_number: 'GHJK34' } }));
    expect(state.entities[2]?.plate_number).toBe('GHJK34');
    state = activeShiftsReducer(state, shiftEnded({ shift_id: 1, end_time: at('14:00:00'), duration_seconds: 21600 }));
    expect(listed(state).map((shift) => shift.id)).toEqual([2]);
  });

  it('follows the connection: connecting, connected, reconnecting, idle', () => {
    let state = activeShiftsReducer(undefined, liveMapOpened());
    expect(state.connection.status).toBe('connecting');
    state = activeShiftsReducer(state, realtimeConnected(at('13:00:00')));
    expect(state.connection).toEqual({ status: 'connected', lastConnectedAt: at('13:00:00'), lastError: null });
    state = activeShiftsReducer(state, realtimeDisconnected('transport close', true));
    expect(state.connection.status).toBe('reconnecting');
    state = activeShiftsReducer(state, realtimeConnectionFailed('xhr poll error', true));
    expect(state.connection).toMatchObject({ status: 'reconnecting', lastError: 'xhr poll error', lastConnectedAt: at('13:00:00') });
    state = activeShiftsReducer(state, liveMapClosed());
    expect(state.connection.status).toBe('idle');
  });

  it('fills from the snapshot, keeping a position the socket gave that is newer than the snapshot', async () => {
    const store = configureStore({
      reducer: { activeShifts: activeShiftsReducer, [api.reducerPath]: api.reducer, auth: () => ({ token: demoToken }), config: () => ({ apiBaseUrl: API }) },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    store.dispatch(shiftStarted({ shift: { ...first, latitude: -32.6, longitude: -71.4, last_location_time: at('13:10:00') } }));
    server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts: [first, second], count: 2 })));

    await store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate());

    const shifts = selectActiveShifts(store.getState());
    expect(shifts.map((shift) => shift.id)).toEqual([1, 2]);
    expect(shifts[0]).toMatchObject({ latitude: -32.6, longitude: -71.4, last_location_time: at('13:10:00') });
    expect(shifts[1]).toEqual(second);
  });
  it('a snapshot read before a shift started or ended does not undo what the socket said meanwhile', async () => {
    const store = configureStore({
      reducer: { activeShifts: activeShiftsReducer, [api.reducerPath]: api.reducer, auth: () => ({ token: demoToken }), config: () => ({ apiBaseUrl: API }) },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    store.dispatch(shiftStarted({ shift: first }));
    store.dispatch(shiftStarted({ shift: second }));
    // The server reads the list (first and second) and answers only once we let it.
    let answer: () => void = () => undefined;
    server.use(http.get(`${API}/shifts/active`, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ shifts: [first, second], count: 2 }))))));
    const snapshot = store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate());
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Meanwhile a third taxi starts (and moves) and the second one ends.
    const third = makeShift({ id: 3, start_time: at('13:05:00'), latitude: -32.44, longitude: -71.21, last_location_time: at('13:05:00') });
    store.dispatch(shiftStarted({ shift: third }));
    store.dispatch(locationsReceived([{ shift_id: 3, latitude: -32.43, longitude: -71.2, timestamp: at('13:05:05') }]));
    store.dispatch(shiftEnded({ shift_id: 2, end_time: at('13:06:00'), duration_seconds: 14_760 }));
    answer();
    await snapshot;

    const shifts = selectActiveShifts(store.getState());
    expect(shifts.map((shift) => shift.id)).toEqual([1, 3]);
    expect(shifts[1]).toMatchObject({ latitude: -32.43, longitude: -71.2 });
    // Nothing is kept once no snapshot is on its way: a later snapshot is the truth again.
    expect(store.getState().activeShifts.journal).toEqual({ pending: {}, entries: [], next: 2 });
    server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts: [first], count: 1 })));
    await store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate(undefined, { forceRefetch: true }));
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1]);
    snapshot.unsubscribe();
  });
});
