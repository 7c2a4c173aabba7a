/**
 * The live map checks every socket payload with the contract's schemas (contract/socket.ts) at the
 * edge: what does not match is dropped with a console warning, the map keeps working, and good
 * payloads around a bad one still arrive.
 */
import { http, HttpResponse } from 'msw';
import { fakeSocketFactory } from '../../../testing/fakeSocket';
import { makeShift } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { server } from '../../../testing/mswServer';
import { testStore } from '../../../testing/testStore';
import { selectActiveShifts } from '../state/activeShiftsSlice';
import { liveMapApi } from '../state/liveMapApi';
import { liveMapOpened } from '../state/liveMapSlice';
import { createLiveMapChannel } from './liveMapChannel';

const T0 = '2026-11-21T15:00:00.000Z';
const T1 = '2026-11-21T15:00:05.000Z';

/** The map open over shifts 1 and 2 at Santiago, its fake socket connected; flushes every 10 ms. */
async function openMap() {
  const shifts = [makeShift({ id: 1, latitude: -33.45, longitude: -70.66 }), makeShift({ id: 2, latitude: -33.45, longitude: -70.66 })];
  server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts, count: shifts.length })));
  const sockets = fakeSocketFactory();
  const store = testStore({ createSocket: sockets.createSocket, channels: [createLiveMapChannel({ flushIntervalMs: 10 })] });
  await store.dispatch(liveMapApi.endpoints.getActiveShifts.initiate());
  store.dispatch(liveMapOpened());
  sockets.last.simulateConnect();
  const flushed = () => new Promise((resolve) => setTimeout(resolve, 30));
  return { store, socket: sockets.last, flushed };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const dropped = (event: string) => warn.mock.calls.filter(([text]) => String(text).includes(`evento ${event} descartado`));

describe('socket payloads at the edge', () => {
  it.each([
    ['no shift id', { latitude: -32, longitude: -71, timestamp: T1 }],
    ['a shift id in text', { shift_id: '1', latitude: -32, longitude: -71, timestamp: T1 }],
    ['a latitude in text', { shift_id: 1, latitude: '-32', longitude: -71, timestamp: T1 }],
    ['no timestamp', { shift_id: 1, latitude: -32, longitude: -71 }],
    ['a speed in text', { shift_id: 1, latitude: -32, longitude: -71, timestamp: T1, speed: 'rápido' }],
    ['null', null],
    ['a number', 7],
  ])('drops a location_update with %s, warns, and keeps the taxi where it was', async (_case, payload) => {
    const { store, socket, flushed } = await openMap();
    socket.serverEmit('location_update', payload);
    await flushed();

    expect(store.getState().activeShifts.entities[1]).toMatchObject({ latitude: -33.45, longitude: -70.66 });
    expect(dropped('location_update')).toHaveLength(1);
  });

  it('takes a good location_update through, with its readings, and warns about nothing', async () => {
    const { store, socket, flushed } = await openMap();
    socket.serverEmit('location_update', { shift_id: 1, latitude: -32.45, longitude: -71.22, timestamp: T1, speed: 9, heading: 180 });
    await flushed();

    expect(store.getState().activeShifts.entities[1]).toMatchObject({ latitude: -32.45, longitude: -71.22, last_location_time: T1, speed: 9, heading: 180 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the good updates of a location_batch that carries a bad one, with one warning', async () => {
    const { store, socket, flushed } = await openMap();
    socket.serverEmit('location_batch', {
      updates: [
        { shift_id: 1, latitude: -32.1, longitude: -71.1, timestamp: T0 },
        { shift_id: 2, latitude: 'norte', longitude: -71.2, timestamp: T0 },
        { shift_id: 2, latitude: -32.2, longitude: -71.2, timestamp: T1 },
      ],
    });
    await flushed();

    expect(store.getState().activeShifts.entities[1]).toMatchObject({ latitude: -32.1 });
    expect(store.getState().activeShifts.entities[2]).toMatchObject({ latitude: -32.2, last_location_time: T1 });
    expect(dropped('location_batch')).toHaveLength(1);
  });

  it('drops a location_batch without an updates list', async () => {
    const { store, socket, flushed } = await openMap();
    socket.serverEmit('location_batch', { nonsense: true });
    socket.serverEmit('location_batch', { updates: 'todas' });
    await flushed();

    expect(dropped('location_batch')).toHaveLength(2);
    expect(selectActiveShifts(store.getState()).map((shift) => [shift.id, shift.latitude])).toEqual([
      [1, -33.45],
      [2, -33.45],
    ]);
  });

  it('drops a shift_started whose shift lacks fields, and lists a whole one', async () => {
    const { store, socket } = await openMap();
    socket.serverEmit('shift_started', { shift: { id: 5, first_name: 'Sin', last_name: 'Datos' } });
    socket.serverEmit('shift_started', {});
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1, 2]);
    expect(dropped('shift_started')).toHaveLength(2);

    socket.serverEmit('shift_started', { shift: makeShift({ id: 5, start_time: T1 }) });
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1, 2, 5]);
  });

  it('drops a shift_ended without a numeric shift id, and ends the shift a good one names', async () => {
    const { store, socket } = await openMap();
    socket.serverEmit('shift_ended', { shift_id: 'uno', end_time: T1, duration_seconds: 60 });
    socket.serverEmit('shift_ended', { shift_id: 1 });
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([1, 2]);
    expect(dropped('shift_ended')).toHaveLength(2);

    socket.serverEmit('shift_ended', { shift_id: 1, end_time: T1, duration_seconds: 60 });
    expect(selectActiveShifts(store.getState()).map((shift) => shift.id)).toEqual([2]);
  });
});
