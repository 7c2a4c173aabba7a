/**
 * SOS on the driver's phone: held two seconds to fire, kept in the phone and sent until the server
 * has it (no signal, then signal), then "received", then "acknowledged" as soon as the desk does it
 * (the server's push) or at the next asking. The server is MSW; the store is the app's.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import type { DriverSos } from '../../../../contract/alerts';
import { prefixedStorage } from '../../../lib/storage';
import { API } from '../../../testing/apiEdge';
import { DRIVER_TOKEN, driverStore } from '../../../testing/driverPhone';
import { server } from '../../../testing/mswServer';
import { HOLD_MS, SosButton } from './SosButton';
import { sosStore } from './sosQueue';

/**
 * The driver API's two SOS routes, as the server answers them; `offline` makes the next sends fail. A
 * press while the driver's SOS is open joins it (issue 45): answered with the episode's alert and the
 * press's own client_id; GET answers the episode as its first press made it.
 */
function sosServer(openEpisode: DriverSos | null = null) {
  let stored: DriverSos | null = openEpisode;
  const sent: string[] = [];
  const state = { offline: 0, authorized: true };
  server.use(
    http.post(`${API}/driver/sos`, async ({ request }) => {
      if (state.offline > 0) {
        state.offline -= 1;
        return HttpResponse.error();
      }
      if (request.headers.get('Authorization') !== `Bearer ${DRIVER_TOKEN}`) return HttpResponse.json({ error: 'No autorizado' }, { status: 401 });
      const { client_id } = (await request.json()) as { client_id: string };
      sent.push(client_id);
      stored ??= { id: 7, client_id, received_at: new Date().toISOString(), acknowledged_at: null };
      return HttpResponse.json({ sos: { ...stored, client_id } });
    }),
    http.get(`${API}/driver/sos`, () => HttpResponse.json({ sos: stored })),
  );
  return {
    sent,
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
afterEach(() => jest.useRealTimers());

function renderSos() {
  const onOpenChange = jest.fn();
  const { store, sockets } = driverStore();
  render(
    <Provider store={store}>
      <SosButton driverId={7} store={sosStore(prefixedStorage('test'))} onOpenChange={onOpenChange} />
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
