import { act, fireEvent, render, screen } from '@testing-library/react';
import type { DriverSos } from '../../../../contract/alerts';
import { prefixedStorage } from '../../../lib/storage';
import type { DriverApiClient } from '../driverApiClient';
import { HOLD_MS, SosButton } from './SosButton';
import { sosStore } from './sosQueue';

/** The driver API's two SOS calls, answered as the server does (the network edge). */
function fakeClient() {
  let stored: DriverSos | null = null;
  const sendSos = jest.fn(async (request: { client_id: string }) => {
    stored ??= { id: 7, client_id: request.client_id, received_at: new Date().toISOString(), acknowledged_at: null };
    return { sos: stored };
  });
  const currentSos = jest.fn(async () => ({ sos: stored }));
  return { client: { sendSos, currentSos } as unknown as DriverApiClient, sendSos, acknowledge: () => stored && (stored = { ...stored, acknowledged_at: new Date().toISOString() }) };
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

function renderSos() {
  const api = fakeClient();
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
