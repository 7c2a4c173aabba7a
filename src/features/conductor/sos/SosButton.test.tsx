import { act, fireEvent, render, screen } from '@testing-library/react';
import type { DriverSos } from '../../../../contract/alerts';
import { prefixedStorage } from '../../../lib/storage';
import type { DriverApiClient } from '../driverApiClient';
import { HOLD_MS, SosButton } from './SosButton';
import { sosStore } from './sosQueue';

/**
 * The driver API's two SOS calls, answered as the server does (the network edge): a press while the
 * driver's SOS is open joins it, answered with the episode's alert and the press's own client_id;
 * GET answers the episode as its first press made it.
 */
function fakeClient(openEpisode: DriverSos | null = null) {
  let stored: DriverSos | null = openEpisode;
  const sendSos = jest.fn(async (request: { client_id: string }) => {
    stored ??= { id: 7, client_id: request.client_id, received_at: new Date().toISOString(), acknowledged_at: null };
    return { sos: { ...stored, client_id: request.client_id } };
  });
  const currentSos = jest.fn(async () => ({ sos: stored }));
  return { client: { sendSos, currentSos } as unknown as DriverApiClient, sendSos, acknowledge: () => stored && (stored = { ...stored, acknowledged_at: new Date().toISOString() }) };
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

function renderSos(openEpisode: DriverSos | null = null) {
  const api = fakeClient(openEpisode);
  const onOpenChange = jest.fn();
  render(<SosButton client={api.client} store={sosStore(prefixedStorage('test'))} onOpenChange={onOpenChange} onUnauthorized={() => undefined} />);
  return { ...api, onOpenChange };
}

it('does not fire on a tap or a press shorter than two seconds', async () => {
  const { sendSos } = renderSos();
  const button = screen.getByRole('button', { name: 'SOS' });
  fireEvent.pointerDown(button);
  await act(async () => jest.advanceTimersByTime(HOLD_MS - 200));
  fireEvent.pointerUp(button);
  await act(async () => jest.advanceTimersByTime(5000));
  expect(sendSos).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'SOS' })).toBeInTheDocument();
});

it('fires after two seconds held, says the central received it, then that it acknowledged it', async () => {
  const { sendSos, acknowledge, onOpenChange } = renderSos();
  fireEvent.pointerDown(screen.getByRole('button', { name: 'SOS' }));
  await act(async () => jest.advanceTimersByTime(HOLD_MS + 10));
  expect(sendSos).toHaveBeenCalledTimes(1);
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  expect(onOpenChange).toHaveBeenLastCalledWith(true);
  acknowledge();
  await act(async () => jest.advanceTimersByTime(5100));
  expect(await screen.findByText(/La central reconoció tu SOS/)).toBeInTheDocument();
  expect(onOpenChange).toHaveBeenLastCalledWith(false);
});

it('a press that joins an SOS already open (pressed on another phone) follows that episode to its acknowledgement', async () => {
  const { sendSos, acknowledge, onOpenChange } = renderSos({ id: 7, client_id: 'otra-pulsacion', received_at: new Date().toISOString(), acknowledged_at: null });
  fireEvent.pointerDown(screen.getByRole('button', { name: 'SOS' }));
  await act(async () => jest.advanceTimersByTime(HOLD_MS + 10));
  expect(sendSos).toHaveBeenCalledTimes(1);
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  acknowledge();
  await act(async () => jest.advanceTimersByTime(5100));
  expect(await screen.findByText(/La central reconoció tu SOS/)).toBeInTheDocument();
  expect(onOpenChange).toHaveBeenLastCalledWith(false);
});

it('keeps an SOS made offline and sends it when the connection returns', async () => {
  const { sendSos } = renderSos();
  sendSos.mockRejectedValueOnce(new Error('offline'));
  fireEvent.pointerDown(screen.getByRole('button', { name: 'SOS' }));
  await act(async () => jest.advanceTimersByTime(HOLD_MS + 10));
  expect(await screen.findByText(/Enviando tu SOS/)).toBeInTheDocument();
  await act(async () => jest.advanceTimersByTime(5100));
  expect(await screen.findByText(/La central recibió tu SOS/)).toBeInTheDocument();
  expect(sendSos).toHaveBeenCalledTimes(2);
});
