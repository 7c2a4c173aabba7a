/**
 * The Alertas inbox as the desk sees it (whole app, MSW answers): an SOS its driver pressed again
 * and again before anyone acknowledged it is one alert saying how many times (issue 45).
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Alert } from '../../../contract/alerts';
import { API } from '../../testing/apiEdge';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const sos = (id: number, presses: number): Alert => ({
  id,
  kind: 'sos',
  occurred_at: '2026-11-27T15:00:00.000Z',
  title: `SOS de Ana Pérez (#${id} · ABCD12)`,
  detail: 'El conductor pidió ayuda.',
  shift_id: 7,
  vehicle: { id: 3, plate: 'ABCD12' },
  driver: { id: 9, name: 'Ana Pérez', phone: null },
  zone: null,
  position: { latitude: -32.45, longitude: -71.25, speed_kmh: null },
  acknowledged: null,
  presses,
});

it('shows an SOS pressed 300 times as one alert that says so, and one pressed once without a count', async () => {
  server.use(
    http.get(`${API}/alerts`, () => HttpResponse.json({ alerts: [sos(2, 300), sos(1, 1)], open_count: 2, has_more: false })),
    http.get(`${API}/alerts/summary`, () => HttpResponse.json({ open_count: 2, open_sos: 2 })),
  );
  renderApp('/dashboard/alerts', { signedIn: true });
  const [flooded, single] = await screen.findAllByTestId('alert', {}, { timeout: 10_000 });
  expect(flooded).toHaveTextContent('Pulsado 300 veces');
  expect(single).not.toHaveTextContent('Pulsado');
});
