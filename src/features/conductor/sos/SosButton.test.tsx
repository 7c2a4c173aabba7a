/**
 * SOS on the driver's phone: held two seconds to fire, kept in the phone and sent until the server
 * has it (no signal, then signal), then "received", then "acknowledged" as soon as the desk does it
 * (the server's push) or at the next asking. The server is MSW; the store is the app's.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import type { DriverSos, SosFixRequest, SosRequest } from '../../../../contract/alerts';
import { prefixedStorage } from '../../../lib/storage';
import { API } from '../../../testing/apiEdge';
import { DRIVER_TOKEN, driverStore } from '../../../testing/driverPhone';
import { server } from '../../../testing/mswServer';
import { HOLD_MS, SosButton } from './SosButton';
import { fakeGeolocation } from '../../../testing/fakeGeolocation';
import { pendingPositions } from '../pendingPositions';
import { sosStore, type SosFix } from './sosQueue';

/**
 * The driver API's SOS routes, as the server answers them; `offline` makes the next sends fail. A
 * press while the driver's SOS is open joins it (issue 45): answered with the episode's alert and the
 * press's own client_id; GET answers the episode as its first press made it. The fresh fix that
 * follows a press (PUT /driver/sos/position) answers the same alert. Every request is kept in order.
 */
function sosServer(openEpisode: DriverSos | null = null) {
  let stored: DriverSos | null = openEpisode;
  const sent: string[] = [];
  const requests: { route: 'press' | 'fix'; body: Record<string, unknown> }[] = [];
  const state = { offline: 0, authorized: true };
  server.use(
    http.post(`${API}/driver/sos`, async ({ request }) => {
      if (state.offline > 0) {
        state.offline -= 1;
        return HttpResponse.error();
      }
      if (request.headers.get('Authorization') !== `Bearer ${DRIVER_TOKEN}`) return HttpResponse.json({ error: 'No autorizado' }, { status: 401 });
      const body = (await request.json()) as SosRequest;
      requests.push({ route: 'press', body });
      sent.push(body.client_id);
      stored ??= { id: 7, client_id: body.client_id, received_at: new Date().toISOString(), acknowledged_at: null };
      return HttpResponse.json({ sos: { ...stored, client_id: body.client_id } });
    }),
    http.put(`${API}/driver/sos/position`, async ({ request }) => {
      if (state.offline > 0) {
        state.offline -= 1;
        return HttpResponse.error();
      }
      const body = (await request.json()) as SosFixRequest;
      requests.push({ route: 'fix', body });
      if (!stored || !sent.includes(body.client_id)) return HttpResponse.json({ error: 'SOS no encontrado' }, { status: 404 });
      return HttpResponse.json({ sos: { ...stored, client_id: body.client_id } });
    }),
    http.get(`${API}/driver/sos`, () => HttpResponse.json({ sos: stored })),
  );
  return {
    sent,
    requests,
    state,
    acknowledge: () => {
      if (stored) stored = { ...stored, acknowledged_at: new Date().toISOString() };
      return stored;
    },
  };
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  // No GPS unless a test gives the phone one.
  delete (navigator as { geolocation?: unknown }).geolocation;
});

function renderSos(lastFix: () => SosFix | null = () => null) {
  const onOpenChange = jest.fn();
  const { store, sockets } = driverStore();
  render(
    <Provider store={store}>
      <SosButton driverId={7} store={sosStore(prefixedStorage('test'))} lastFix={lastFix} onOpenChange={onOpenChange} />
    </Provider>,
  );
  return { onOpenChange, store, sockets };
}

const hold = async () => {
  fireEvent.pointerDown(screen.getByRole('button', { name: 'SOS' }));
  await act(() => jest.advanceTimersByTimeAsync(HOLD_MS + 10));
};

it('does not fire on a tap or a press shorter than two seconds', async () => {
  const api = sosServer();
  renderSos();
  const button = screen.getByRole('button', { name: 'SOS' });
  fireEvent.pointerDown(button);
  await act(() => jest.advanceTimersByTimeAsync(HOLD_MS - 200));
  fireEvent.pointerUp(button);
  await act(() => jest.advanceTimersByTimeAsync(5000));
  expect(api.sent).toEqual([]);
  expect(screen.getByRole('button', { name: 'SOS' })).toBeInTheDocument();
  expect(screen.getByText('Mantén presionado 2 segundos para pedir ayuda a la central.')).toBeInTheDocument();
});

it('fires after two seconds held, says the central received it, then that it acknowledged it', async () => {
  const api = sosServer();
  const { onOpenChange } = renderSos();
  await hold();
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  expect(api.sent).toHaveLength(1);
  expect(onOpenChange).toHaveBeenLastCalledWith(true);
  api.acknowledge();
  await act(() => jest.advanceTimersByTimeAsync(5100));
  expect(await screen.findByText(/La central reconoció tu SOS/)).toBeInTheDocument();
  expect(onOpenChange).toHaveBeenLastCalledWith(false);
});

it('a press that joins an SOS already open (pressed on another phone) follows that episode to its acknowledgement', async () => {
  const api = sosServer({ id: 7, client_id: 'otra-pulsacion', received_at: new Date().toISOString(), acknowledged_at: null });
  const { onOpenChange } = renderSos();
  await hold();
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  expect(api.sent).toHaveLength(1);
  api.acknowledge();
  await act(() => jest.advanceTimersByTimeAsync(5100));
  expect(await screen.findByText(/La central reconoció tu SOS/)).toBeInTheDocument();
  expect(onOpenChange).toHaveBeenLastCalledWith(false);
});

it('says "acknowledged" as soon as the server pushes it on the driver’s socket', async () => {
  const api = sosServer();
  const { store, sockets } = renderSos();
  await hold();
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  store.dispatch({ type: 'conductor/opened' });
  act(() => sockets.last.simulateConnect());
  await act(() => jest.advanceTimersByTimeAsync(10));
  act(() => sockets.last.serverEmit('sos_changed', { sos: api.acknowledge() }));
  expect(await screen.findByText(/La central reconoció tu SOS/)).toBeInTheDocument();
});

it('keeps an SOS made without signal and sends it when the connection returns, once', async () => {
  const api = sosServer();
  api.state.offline = 1;
  renderSos();
  await hold();
  expect(await screen.findByText(/Enviando tu SOS/)).toBeInTheDocument();
  expect(api.sent).toEqual([]);
  await act(() => jest.advanceTimersByTimeAsync(5100));
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  expect(api.sent).toHaveLength(1);
});

describe('an SOS in one second (issue 46)', () => {
  it('leaves the moment the hold ends with the phone’s last known fix and its age, while the GPS is still looking', async () => {
    const gps = fakeGeolocation();
    const api = sosServer();
    // The position tracking's queue, as the shift panel hands it: its newest fix was taken 38 s before the press began.
    const queue = pendingPositions(prefixedStorage('test'));
    queue.add({ latitude: -32.44, longitude: -71.22, timestamp: new Date(Date.now() - 45_000).toISOString() });
    queue.add({ latitude: -32.451, longitude: -71.231, timestamp: new Date(Date.now() - 38_000).toISOString() });
    renderSos(queue.latest);
    await hold();
    expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
    expect(api.requests).toEqual([{ route: 'press', body: { client_id: expect.any(String), latitude: -32.451, longitude: -71.231, position_age_seconds: 40, timestamp: expect.any(String) } }]);
    // The fresh fix was asked for, and nothing waited for it: the GPS has not answered.
    expect(gps.waiting()).toEqual([{ enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 }]);
  });

  it('sends the fresh fix, when the GPS finds it, as the same press’s newer position: one press, then its position', async () => {
    const gps = fakeGeolocation();
    const api = sosServer();
    const pressedAt = Date.now() + HOLD_MS;
    renderSos(() => ({ latitude: -32.451, longitude: -71.231, timestamp: new Date(pressedAt - 12_000).toISOString() }));
    await hold();
    expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
    await gps.answer(-32.4525, -71.2333, pressedAt + 3000);
    await waitFor(() => expect(api.requests).toHaveLength(2));
    const [press] = api.sent;
    expect(api.requests.map(({ route, body }) => [route, body.client_id])).toEqual([
      ['press', press],
      ['fix', press],
    ]);
    expect(api.requests[1].body).toEqual({ client_id: press, latitude: -32.4525, longitude: -71.2333, timestamp: new Date(pressedAt + 3000).toISOString() });
    // Sent once: the next ticks only ask whether the desk acknowledged it.
    await act(() => jest.advanceTimersByTimeAsync(10_100));
    expect(api.requests.filter((request) => request.route === 'fix')).toHaveLength(1);
    expect(screen.getByText(/La central recibió tu SOS/)).toBeInTheDocument();
  });

  it('keeps a fresh fix found without signal, and sends it after the press once the connection returns', async () => {
    const gps = fakeGeolocation();
    const api = sosServer();
    api.state.offline = 1;
    renderSos(() => null);
    await hold();
    expect(await screen.findByText(/Enviando tu SOS/)).toBeInTheDocument();
    // No fix to carry: the server uses the shift's last position.
    await gps.answer(-32.4525, -71.2333, Date.now());
    await act(() => jest.advanceTimersByTimeAsync(5100));
    expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests.map(({ route, body }) => [route, body.latitude])).toEqual([
      ['press', null],
      ['fix', -32.4525],
    ]);
  });

  it('sends no fix that is not newer than the one the press carried', async () => {
    const gps = fakeGeolocation();
    const api = sosServer();
    const carried = new Date(Date.now() - 5000).getTime();
    renderSos(() => ({ latitude: -32.451, longitude: -71.231, timestamp: new Date(carried).toISOString() }));
    await hold();
    expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
    await gps.answer(-32.451, -71.231, carried);
    await act(() => jest.advanceTimersByTimeAsync(5100));
    expect(api.requests.map((request) => request.route)).toEqual(['press']);
  });
});
