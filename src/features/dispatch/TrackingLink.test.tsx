/** The passenger's tracking link in the booking's detail (issue 36); the page's settings are on Ajustes (src/app/SettingsRoute.test.tsx). */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../../contract/api';
import { API } from '../../testing/apiEdge';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';
import { makeBooking } from './dispatchFixtures';

const SLOW = { timeout: 10_000 };
const TOKEN = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab3_';
const link = (revoked_at: string | null = null) => ({ booking_id: 41, token: TOKEN, path: `/seguimiento/${TOKEN}`, created_at: '2026-11-27T10:00:00.000Z', revoked_at });

function serve(bookings: Booking[]) {
  const revoked: number[] = [];
  let current = link();
  server.use(
    http.get(`${API}/dispatch/bookings`, () => HttpResponse.json({ bookings })),
    http.get(`${API}/dispatch/places`, () => HttpResponse.json({ places: [] })),
    http.get(`${API}/dispatch/candidates`, () => HttpResponse.json({ candidates: [] })),
    http.get(`${API}/tracking/bookings/:id`, () => HttpResponse.json({ link: current })),
    http.post(`${API}/tracking/bookings/:id/revoke`, ({ params }) => {
      revoked.push(Number(params.id));
      current = link('2026-11-27T10:05:00.000Z');
      return HttpResponse.json({ link: current });
    }),
  );
  return { revoked };
}

describe('the tracking link in the booking’s detail', () => {
  it('offers the link, WhatsApp to the caller with a Spanish text, SMS, and revokes it', async () => {
    const { revoked } = serve([makeBooking({ status: 'en_camino', board: 'en_curso', customer_phone: '+56912345678', plate_number: 'KXWZ47' })]);
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /#41/ }, SLOW));
    const panel = await screen.findByRole('group', { name: 'Enlace de seguimiento para el pasajero' }, SLOW);
    const url = `${window.location.origin}/seguimiento/${TOKEN}`;
    expect(within(panel).getByRole('textbox', { name: 'Enlace de seguimiento' })).toHaveValue(url);
    const whatsapp = within(panel).getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/56912345678\?text=/);
    expect(decodeURIComponent(whatsapp.getAttribute('href')!.split('text=')[1])).toMatch(new RegExp(`: su taxi va en camino\\. Siga su llegada aquí: ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(within(panel).getByRole('link', { name: 'SMS' }).getAttribute('href')).toMatch(/^sms:\+56912345678\?body=/);
    await user.click(within(panel).getByRole('button', { name: 'Revocar enlace' }));
    await user.click(within(panel).getByRole('button', { name: 'Confirmar revocación' }));
    expect(await screen.findByText('Enlace de seguimiento revocado.', {}, SLOW)).toBeInTheDocument();
    expect(revoked).toEqual([41]);
  });

  it('is not there before a taxi has the booking', async () => {
    serve([makeBooking()]);
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /#41/ }, SLOW));
    await screen.findByRole('region', { name: 'Reserva #41' }, SLOW);
    expect(screen.queryByRole('group', { name: 'Enlace de seguimiento para el pasajero' })).not.toBeInTheDocument();
  });
});
