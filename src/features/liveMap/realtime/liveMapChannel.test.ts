import { combineReducers, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { LocationUpdate } from '../../../../contract/entities';
import { activeShiftsReducer, selectActiveShifts, type locationsReceived } from '../state/activeShiftsSlice';
import { liveMapApi } from '../state/liveMapApi';
import { liveMapClosed, liveMapOpened, liveMapReducer } from '../state/liveMapSlice';
import { fakeSocketFactory } from '../../../testing/fakeSocket';
import { demoToken, demoUser, makeShift } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { server } from '../../../testing/mswServer';
import { api, sessionExpired } from '../../../app/api';
import { resolveConfig } from '../../../app/config';
import { createRealtimeMiddleware } from '../../../lib/realtime/realtimeMiddleware';
import { createLiveMapChannel } from './liveMapChannel';

const NOW = Date.parse('2026-11-21T15:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

/** Answers GET /shifts/active with `count` shifts (ids 1..count) and counts the requests. */
function serveShifts(count: number) {
  const requests = { count: 0 };
  const shifts = Array.from({ length: count }, (_, index) => makeShift({ id: index + 1 }));
  server.use(
    http.get(`${API}/shifts/active`, () => {
      requests.count += 1;
      return HttpResponse.json({ shifts, count: shifts.length });
    }),
  );
  return requests;
}

function setup({ socketUrl = 'http://flota.test', flushIntervalMs = 250 } = {}) {
  const sockets = fakeSocketFactory();
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  // The slices the middleware meets in the app's store (app/rootReducer.ts composes the same ones).
  const config = resolveConfig({ apiBaseUrl: API, socketUrl, socketPath: '/rt/socket.io', devTools: false });
  const auth = { token: demoToken, user: demoUser };
  const reducer = combineReducers({ config: () => config, auth: () => auth, activeShifts: activeShiftsReducer, liveMap: liveMapReducer, [api.reducerPath]: api.reducer });
  const store = configureStore({
    reducer,
    // The dev checks stay on (state must stay serializable) but may be slow with 300 shifts on a busy machine.
    middleware: (getDefault) => getDefault({ immutableCheck: { warnAfter: 1000 }, serializableCheck: { warnAfter: 1000 } }).concat(api.middleware, createRealtimeMiddleware({ createSocket: sockets.createSocket, channels: [createLiveMapChannel({ flushIntervalMs })], onUnauthorized: sessionExpired, now: () => NOW }), recorder),
  });
  const ofType = (type: string) => actions.filter((action) => action.type === type);
  return { store, sockets, actions, ofType };
}

/**
 * The map open over a loaded snapshot of `count` shifts, its socket connected. With fakeTimers the
 * flush interval is under the test's control from the moment the map opens.
 */
async function openConnected(count: number, { fakeTimers = false, flushIntervalMs = 250 } = {}) {
  const requests = serveShifts(count);
  const context = setup({ flushIntervalMs });
  context.store.dispatch(liveMapOpened());
  const socket = context.sockets.last;
  socket.simulateConnect();
  // Read once the socket is in the fleet's room: nothing read before it needs reading again.
  await context.store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate());
  if (fakeTimers) jest.useFakeTimers();
  return { ...context, socket, requests };
}

afterEach(() => jest.useRealTimers());

describe('the live map channel on the desk connection', () => {
  it('connects on liveMap/opened with the token, the configured path and reconnection on', () => {
    const { store, sockets } = setup();
    expect(sockets.sockets).toHaveLength(0);
    store.dispatch(liveMapOpened());
    const socket = sockets.last;
    expect(socket.url).toBe('http://flota.test');
    // batch: true asks the server for location_batch instead of one location_update per taxi.
    expect(socket.options).toMatchObject({ path: '/rt/socket.io', auth: { token: demoToken, batch: true }, reconnection: true });
    expect(socket.connectCalls).toBe(1);
  });

  it("uses the page's origin when no socket URL is configured", () => {
    const { store, sockets } = setup({ socketUrl: '' });
    store.dispatch(liveMapOpened());
    expect(sockets.last.url).toBe(window.location.origin);
  });

  it("joins the owner's room on connect and reports the connection", () => {
    const { store, sockets, ofType } = setup();
    store.dispatch(liveMapOpened());
    expect(store.getState().activeShifts.connection.status).toBe('connecting');
    sockets.last.simulateConnect();
    expect(sockets.last.sent('join_owner_room')).toEqual([[demoUser.id]]);
    expect(ofType('realtime/connected')).toEqual([{ type: 'realtime/connected', payload: { at: new Date(NOW).toISOString(), role: 'desk' } }]);
    expect(store.getState().activeShifts.connection).toMatchObject({ status: 'connected', lastConnectedAt: new Date(NOW).toISOString() });
  });

  it('after a drop: reconnecting; on reconnect: joins again and refetches the snapshot', async () => {
    const { store, sockets, ofType, socket, requests } = await openConnected(2);
    expect(requests.count).toBe(1);

    socket.simulateDrop();
    expect(ofType('realtime/disconnected')).toEqual([{ type: 'realtime/disconnected', payload: { reason: 'transport close', willReconnect: true, role: 'desk' } }]);
    expect(store.getState().activeShifts.connection.status).toBe('reconnecting');

    socket.simulateReconnect();
    expect(socket.sent('join_owner_room')).toEqual([[demoUser.id], [demoUser.id]]);
    expect(store.getState().activeShifts.connection.status).toBe('connected');
    await waitFor(() => expect(requests.count).toBe(2));
    expect(sockets.sockets).toHaveLength(1);
  });

  it('merges 1000 updates for 300 shifts into ONE locationsReceived of 300, the latest per shift', async () => {
    const { store, socket, ofType } = await openConnected(300, { fakeTimers: true });

    const updates: LocationUpdate[] = Array.from({ length: 1000 }, (_, index) => ({
      shift_id: (index % 300) + 1,
      latitude: -32 - index / 10_000,
      longitude: -71 - index / 10_000,
      timestamp: at(index),
    }));
    // Delivered out of order: the latest must still win.
    [...updates].reverse().forEach((update) => socket.serverEmit('location_update', update));
    expect(ofType('activeShifts/locationsReceived')).toHaveLength(0);

    jest.advanceTimersByTime(250);

    const flushed = ofType('activeShifts/locationsReceived') as ReturnType<typeof locationsReceived>[];
    expect(flushed).toHaveLength(1);
    expect(flushed[0].payload).toHaveLength(300);
    const latestFor7 = updates.filter((update) => update.shift_id === 7).at(-1);
    expect(flushed[0].payload.find((update) => update.shift_id === 7)).toEqual(latestFor7);
    expect(store.getState().activeShifts.entities[7]).toMatchObject({ latitude: latestFor7?.latitude, last_location_time: latestFor7?.timestamp });
  });

  it('takes location_batch (with speed and heading) into the same buffer: one locationsReceived per interval', async () => {
    const { store, socket, ofType } = await openConnected(3, { fakeTimers: true });
    socket.serverEmit('location_batch', {
      updates: [
        { shift_id: 1, latitude: -32.1, longitude: -71.1, timestamp: at(0), speed: 8.5, heading: 270 },
        { shift_id: 2, latitude: -32.2, longitude: -71.2, timestamp: at(0) },
      ],
    });
    socket.serverEmit('location_batch', { updates: [{ shift_id: 1, latitude: -32.3, longitude: -71.3, timestamp: at(500), speed: 9, heading: 265 }] });
    socket.serverEmit('location_update', { shift_id: 3, latitude: -32.4, longitude: -71.4, timestamp: at(0) });
    socket.serverEmit('location_batch', { nonsense: true });
    jest.advanceTimersByTime(250);

    const flushed = ofType('activeShifts/locationsReceived') as ReturnType<typeof locationsReceived>[];
    expect(flushed).toHaveLength(1);
    expect(flushed[0].payload).toHaveLength(3);
    expect(store.getState().activeShifts.entities[1]).toMatchObject({ latitude: -32.3, speed: 9, heading: 265 });
    expect(store.getState().activeShifts.entities[2]).toMatchObject({ latitude: -32.2, speed: null, heading: null });
    expect(store.getState().activeShifts.entities[3]).toMatchObject({ latitude: -32.4 });
  });

  it('flushes at most once per interval however the updates are spread', async () => {
    const { socket, ofType } = await openConnected(3, { fakeTimers: true });

    // An update every 10 ms for one second: 100 updates, four intervals.
    for (let ms = 0; ms < 1000; ms += 10) {
      socket.serverEmit('location_update', { shift_id: (ms / 10) % 3 + 1, latitude: -32, longitude: -71, timestamp: at(ms) });
      jest.advanceTimersByTime(10);
    }
    expect(ofType('activeShifts/locationsReceived')).toHaveLength(4);
    jest.advanceTimersByTime(1000);
    expect(ofType('activeShifts/locationsReceived')).toHaveLength(4);
  });

  it('reads a snapshot taken before the socket joined the fleet’s room once more when it has: a shift that started in between reached nobody', async () => {
    const requests = serveShifts(1);
    const { store, sockets } = setup();
    await store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate());
    store.dispatch(liveMapOpened());
    const socket = sockets.last;
    socket.holdJoins = true;
    socket.simulateConnect();
    serveShifts(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1]);

    socket.acknowledgeJoins();
    await waitFor(() => expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1, 2]));
    expect(requests.count).toBe(1);
  });

  it('writes an availability change heard while the availability loads into its answer', async () => {
    const { store, socket } = await openConnected(2);
    let answer: () => void = () => undefined;
    server.use(
      http.get(`${API}/dispatch/availability`, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ availability: [{ shift_id: 1, driver_id: 7, vehicle_id: 3, availability: 'libre' }] }))))),
    );
    const loading = store.dispatch(liveMapApi.endpoints.getAvailability.initiate());
    await waitFor(() => expect(liveMapApi.endpoints.getAvailability.select()(store.getState()).status).toBe('pending'));
    // The driver accepted a trip after the server read the list: Ocupado is heard before the list arrives.
    socket.serverEmit('availability_changed', { shift_id: 1, driver_id: 7, vehicle_id: 3, availability: 'ocupado' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer();
    await loading;
    expect(liveMapApi.endpoints.getAvailability.select()(store.getState()).data).toEqual({ 1: 'ocupado' });
    loading.unsubscribe();
  });

  it('an update for a shift it does not know refetches the snapshot, once', async () => {
    const { socket, requests } = await openConnected(2, { flushIntervalMs: 10 });

    socket.serverEmit('location_update', { shift_id: 42, latitude: -32, longitude: -71, timestamp: at(0) });
    await waitFor(() => expect(requests.count).toBe(2));
    socket.serverEmit('location_update', { shift_id: 42, latitude: -32, longitude: -71, timestamp: at(1000) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count).toBe(2);
  });

  it('an unknown shift seen while a snapshot is on its way waits for it, then refetches if it was not there', async () => {
    const { socket, requests, store } = await openConnected(2, { flushIntervalMs: 10 });
    // A snapshot leaves (read by the server before shift 42 started) and takes its time.
    let answer: () => void = () => undefined;
    const oldList = [makeShift({ id: 1 }), makeShift({ id: 2 })];
    server.use(
      http.get(`${API}/shifts/active`, () => {
        requests.count += 1;
        if (requests.count === 2) return new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ shifts: oldList, count: 2 }))));
        return HttpResponse.json({ shifts: [...oldList, makeShift({ id: 42 })], count: 3 });
      }),
    );
    void store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate(undefined, { forceRefetch: true, subscribe: false }));
    await waitFor(() => expect(requests.count).toBe(2));

    socket.serverEmit('location_update', { shift_id: 42, latitude: -32, longitude: -71, timestamp: at(0) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count).toBe(2); // RTK Query would have dropped a refetch now
    answer();

    await waitFor(() => expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1, 2, 42]));
    expect(requests.count).toBe(3);
  });

  it('turns shift_started and shift_ended into actions on the list', async () => {
    const { store, socket } = await openConnected(1);

    socket.serverEmit('shift_started', { shift: makeShift({ id: 5, start_time: at(0) }) });
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1, 5]);
    socket.serverEmit('shift_ended', { shift_id: 1, end_time: at(0), duration_seconds: 3600 });
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([5]);
  });

  it('disconnects on liveMap/closed, drops what was buffered, and dispatches nothing more', async () => {
    const { store, socket, actions } = await openConnected(2, { fakeTimers: true });
    socket.serverEmit('location_update', { shift_id: 1, latitude: -32, longitude: -71, timestamp: at(0) });

    store.dispatch(liveMapClosed());
    const seen = actions.length;
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.listenerCount).toBe(0);
    expect(store.getState().activeShifts.connection.status).toBe('idle');

    socket.serverEmit('location_update', { shift_id: 2, latitude: -32, longitude: -71, timestamp: at(1) });
    socket.simulateDrop();
    jest.advanceTimersByTime(1000);
    expect(actions.length).toBe(seen);
  });

  it('keeps one socket when the screen opens twice (React StrictMode)', () => {
    const { store, sockets } = setup();
    store.dispatch(liveMapOpened());
    store.dispatch(liveMapOpened());
    expect(sockets.sockets).toHaveLength(1);

    // StrictMode's mount, unmount, mount:
    store.dispatch(liveMapClosed());
    store.dispatch(liveMapOpened());
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.sockets[0].disconnectCalls).toBe(1);
    expect(sockets.sockets.filter((socket) => socket.active)).toEqual([sockets.last]);
  });

  it('a refused token ends the session', () => {
    const { store, sockets, ofType } = setup();
    store.dispatch(liveMapOpened());
    sockets.last.simulateConnectError('No autorizado', { retry: false });
    expect(ofType('auth/sessionExpired')).toHaveLength(1);
    expect(sockets.last.listenerCount).toBe(0);
  });

  it('any other connection error is reported while socket.io retries', () => {
    const { store, sockets, ofType } = setup();
    store.dispatch(liveMapOpened());
    sockets.last.simulateConnectError('xhr poll error');
    expect(ofType('realtime/connectionFailed')).toEqual([{ type: 'realtime/connectionFailed', payload: { message: 'xhr poll error', willRetry: true, role: 'desk' } }]);
    expect(store.getState().activeShifts.connection.status).toBe('reconnecting');
    expect(store.getState().auth.token).toBe(demoToken);
  });
});
