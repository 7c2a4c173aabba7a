/**
 * The desk's one connection with channels registered on it, as a feature sees it: two channels on
 * a fake socket, each event reaching the channel that registered it, every channel asked to reload
 * after a re-connect, the socket held while any channel holds it, and a refused token ending the
 * session once.
 */
import { configureStore, createAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import type { RealtimeChannel } from './channel';
import { createRealtimeMiddleware } from './realtimeMiddleware';

const expired = createAction('test/sessionExpired');
const unmounted = createAction('test/unmounted');

/** A channel that records what reached it; `opened`/`closed` are its screen's actions. */
function recordingChannel(name: string, event: 'booking_changed' | 'shift_started' | 'offer', auth?: Record<string, unknown>, role?: string) {
  const opened = createAction(`${name}/opened`);
  const closed = createAction(`${name}/closed`);
  const seen = { payloads: [] as unknown[], reconnects: 0, joins: 0, opens: 0, closes: 0, actions: [] as string[] };
  const channel: RealtimeChannel<{ marker: string }> = {
    name,
    role,
    openOn: opened.match,
    releaseOn: closed.match,
    auth,
    attach: ({ dispatch, getState }) => ({
      events: {
        [event]: (payload: unknown) => {
          seen.payloads.push(payload);
          // A channel reads its own part of the state and dispatches into the store.
          dispatch({ type: `${name}/heard`, payload: getState().marker });
        },
      },
      onOpen: () => void (seen.opens += 1),
      onJoined: () => void (seen.joins += 1),
      onReconnect: () => void (seen.reconnects += 1),
      onClose: () => void (seen.closes += 1),
      onAction: (action) => void seen.actions.push(action.type),
    }),
  };
  return { channel, opened, closed, seen };
}

const driverExpired = createAction('test/driverSessionExpired');

function setup() {
  const sockets = fakeSocketFactory();
  const board = recordingChannel('board', 'booking_changed');
  const map = recordingChannel('map', 'shift_started', { batch: true });
  const phone = recordingChannel('phone', 'offer', undefined, 'driver');
  /** The channels registered so far: the phone's comes later, as a lazy screen's does. */
  const registered: RealtimeChannel<never>[] = [board.channel, map.channel];
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: {
      config: () => ({ socketUrl: 'http://flota.test', socketPath: '/socket.io' }),
      auth: () => ({ token: 'desk-token', user: { id: 7 } }),
      marker: () => 'estado de prueba',
      driverToken: () => 'driver-token',
      log: (state: UnknownAction[] = [], action: UnknownAction) => (action.type.endsWith('/heard') ? [...state, action] : state),
    },
    middleware: (getDefault) =>
      getDefault().concat(
        createRealtimeMiddleware({
          createSocket: sockets.createSocket,
          channels: () => registered,
          onUnauthorized: expired,
          roles: { driver: { token: (state: { driverToken: string }) => state.driverToken, onUnauthorized: driverExpired } },
          closeOn: unmounted.match,
          now: () => Date.parse('2026-11-27T04:00:00.000Z'),
        }),
        recorder,
      ),
  });
  return { store, sockets, board, map, phone, actions, register: () => registered.push(phone.channel) };
}

describe('the realtime connection with channels', () => {
  it('opens one socket for whichever channel asks first, with every channel’s handshake wishes and the token', () => {
    const { store, sockets, board, map } = setup();
    store.dispatch(board.opened());
    store.dispatch(map.opened());
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.last.url).toBe('http://flota.test');
    expect(sockets.last.options).toMatchObject({ path: '/socket.io', auth: { token: 'desk-token', batch: true }, reconnection: true, autoConnect: false, forceNew: true, transports: ['websocket', 'polling'], tryAllTransports: true });
    expect(sockets.last.connectCalls).toBe(1);
    expect([board.seen.opens, map.seen.opens]).toEqual([1, 1]);
  });

  it('routes each server event to the channel that registered it, and joins the fleet room on connect', () => {
    const { store, sockets, board, map } = setup();
    store.dispatch(map.opened());
    const socket = sockets.last;
    socket.simulateConnect();
    expect(socket.sent('join_owner_room')).toEqual([[7]]);

    socket.serverEmit('booking_changed', { booking: { id: 1 } });
    socket.serverEmit('shift_started', { shift: { id: 2 } });
    socket.serverEmit('booking_changed', { booking: { id: 3 } });
    socket.serverEmit('offer', { offer: null });

    expect(board.seen.payloads).toEqual([{ booking: { id: 1 } }, { booking: { id: 3 } }]);
    expect(map.seen.payloads).toEqual([{ shift: { id: 2 } }]);
    expect(store.getState().log).toEqual([
      { type: 'board/heard', payload: 'estado de prueba' },
      { type: 'map/heard', payload: 'estado de prueba' },
      { type: 'board/heard', payload: 'estado de prueba' },
    ]);
  });

  it('asks every channel to reload after a re-connect, not after the first connect', () => {
    const { store, sockets, board, map, actions } = setup();
    store.dispatch(board.opened());
    const socket = sockets.last;
    socket.simulateConnect();
    expect([board.seen.reconnects, map.seen.reconnects]).toEqual([0, 0]);

    socket.simulateDrop();
    expect(actions.filter((a) => a.type === 'realtime/disconnected')).toEqual([{ type: 'realtime/disconnected', payload: { reason: 'transport close', willReconnect: true, role: 'desk' } }]);
    socket.simulateReconnect();
    expect([board.seen.reconnects, map.seen.reconnects]).toEqual([1, 1]);
    expect(socket.sent('join_owner_room')).toEqual([[7], [7]]);
    expect(actions.filter((a) => a.type === 'realtime/connected')).toHaveLength(2);
  });

  it('asks every channel to reload when the server says it lost events (resync), with the socket still up', () => {
    const { store, sockets, board, map } = setup();
    store.dispatch(board.opened());
    const socket = sockets.last;
    socket.simulateConnect();
    socket.serverEmit('resync', {});
    expect([board.seen.reconnects, map.seen.reconnects]).toEqual([1, 1]);
    // Nothing else happened to the connection: no second join, no second socket.
    expect(socket.sent('join_owner_room')).toEqual([[7]]);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('tells a channel that takes hold of a socket already up that it is connected, and since when; not while it is still connecting, nor once it dropped', () => {
    const { store, sockets, board, map } = setup();
    const told: string[] = [];
    const onAlreadyConnected = (since: string) => void told.push(since);
    const handlers = map.channel.attach;
    map.channel.attach = (channelStore) => ({ ...handlers(channelStore), onAlreadyConnected });
    store.dispatch(board.opened());
    store.dispatch(map.opened());
    expect(told).toEqual([]);
    store.dispatch(map.closed());
    sockets.last.simulateConnect();

    // The map's screen opens again later, on the board's socket: it hears when that connected.
    store.dispatch(map.opened());
    expect(sockets.sockets).toHaveLength(1);
    expect(told).toEqual(['2026-11-27T04:00:00.000Z']);

    // Down, it is not said to be up.
    store.dispatch(map.closed());
    sockets.last.simulateDrop();
    store.dispatch(map.opened());
    expect(told).toHaveLength(1);
  });

  it('keeps the socket while any channel holds it, and closes it when the last lets go', () => {
    const { store, sockets, board, map } = setup();
    store.dispatch(board.opened());
    store.dispatch(map.opened());
    sockets.last.simulateConnect();

    store.dispatch(board.closed());
    expect(sockets.last.disconnectCalls).toBe(0);
    sockets.last.serverEmit('shift_started', { shift: { id: 4 } });
    expect(map.seen.payloads).toEqual([{ shift: { id: 4 } }]);

    store.dispatch(map.closed());
    expect(sockets.last.disconnectCalls).toBe(1);
    expect(sockets.last.listenerCount).toBe(0);
    expect([board.seen.closes, map.seen.closes]).toEqual([1, 1]);
  });

  it('closes on the app’s closing action whoever holds it', () => {
    const { store, sockets, board, map } = setup();
    store.dispatch(board.opened());
    store.dispatch(map.opened());
    store.dispatch(unmounted());
    expect(sockets.last.disconnectCalls).toBe(1);
    // A later open makes a fresh socket.
    store.dispatch(map.opened());
    expect(sockets.sockets).toHaveLength(2);
  });

  it('ends the session once when the server refuses the token, and lets the socket go', () => {
    const { store, sockets, board, actions } = setup();
    store.dispatch(board.opened());
    sockets.last.simulateConnectError('No autorizado', { retry: false });
    expect(actions.filter((a) => a.type === 'test/sessionExpired')).toHaveLength(1);
    expect(sockets.last.listenerCount).toBe(0);
    expect(sockets.last.disconnectCalls).toBe(1);
  });

  it('tells every channel once the fleet’s room is joined (the server’s acknowledgement), and only the first time', () => {
    const { store, sockets, board, map } = setup();
    store.dispatch(board.opened());
    const socket = sockets.last;
    socket.holdJoins = true;
    socket.simulateConnect();
    expect([board.seen.joins, map.seen.joins]).toEqual([0, 0]);
    socket.acknowledgeJoins();
    expect([board.seen.joins, map.seen.joins]).toEqual([1, 1]);

    socket.simulateDrop();
    socket.simulateReconnect();
    expect([board.seen.reconnects, map.seen.reconnects]).toEqual([0, 0]);
    socket.acknowledgeJoins();
    expect([board.seen.joins, board.seen.reconnects]).toEqual([1, 1]);
    // A refusal (not the token's own id) is no join.
    socket.simulateDrop();
    socket.simulateReconnect();
    socket.acknowledgeJoins({ ok: false, error: 'Sala no permitida' });
    expect([board.seen.joins, board.seen.reconnects]).toEqual([1, 1]);
  });

  it('shows every action to every channel, after the reducers', () => {
    const { store, board } = setup();
    store.dispatch({ type: 'api/executeQuery/pending' });
    expect(board.seen.actions).toContain('api/executeQuery/pending');
  });

  it('gives a role its own socket with its own token, joined by the server, and ends only that role’s session on a refused token', () => {
    const { store, sockets, board, phone, actions, register } = setup();
    store.dispatch(board.opened());
    const desk = sockets.last;
    desk.simulateConnect();

    // The driver's channel arrives with its lazy screen, after the store was made.
    register();
    store.dispatch(phone.opened());
    expect(sockets.sockets).toHaveLength(2);
    const driver = sockets.last;
    expect(driver.options.auth).toEqual({ token: 'driver-token' });
    driver.simulateConnect();
    // The server puts a driver's socket in its room: nothing to join, connecting is joining.
    expect(driver.sent('join_owner_room')).toEqual([]);
    expect(phone.seen.joins).toBe(1);
    expect(actions.filter((a) => a.type === 'realtime/connected').map((a) => (a.payload as { role: string }).role)).toEqual(['desk', 'driver']);

    driver.serverEmit('offer', { offer: null });
    desk.serverEmit('booking_changed', { booking: { id: 1 } });
    expect(phone.seen.payloads).toEqual([{ offer: null }]);
    expect(board.seen.payloads).toEqual([{ booking: { id: 1 } }]);

    driver.simulateConnectError('No autorizado', { retry: false });
    expect(actions.filter((a) => a.type === 'test/driverSessionExpired')).toHaveLength(1);
    expect(actions.filter((a) => a.type === 'test/sessionExpired')).toHaveLength(0);
    expect(driver.disconnectCalls).toBe(1);
    expect(desk.disconnectCalls).toBe(0);
  });
});
