import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlockedPhone } from '../../../contract/api';
import { normalizeChileanPhone } from '../../../contract/phone';
import { API } from '../../testing/apiEdge';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

/** The blocked list as the server keeps it, and what it was sent. */
function blockedServer(initial: BlockedPhone[] = []) {
  const phones = [...initial];
  server.use(
    http.get(`${API}/dispatch/bookings`, () => HttpResponse.json({ bookings: [], closed_not_shown: 0 })),
    http.get(`${API}/dispatch/places`, () => HttpResponse.json({ places: [] })),
    http.get(`${API}/tracking/blocked-phones`, () => HttpResponse.json({ phones })),
    http.post(`${API}/tracking/blocked-phones`, async ({ request }) => {
      const { phone } = (await request.json()) as { phone: string };
      const normalized = normalizeChileanPhone(phone);
      if (!normalized) return HttpResponse.json({ error: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678', fields: { phone: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678' } }, { status: 400 });
      const entry = { id: phones.length + 10, phone: normalized, created_at: '2026-11-27T13:00:00.000Z' };
      phones.unshift(entry);
      return HttpResponse.json({ phone: entry }, { status: 201 });
    }),
    http.delete(`${API}/tracking/blocked-phones/:id`, ({ params }) => {
      const at = phones.findIndex((p) => p.id === Number(params.id));
      if (at >= 0) phones.splice(at, 1);
      return HttpResponse.json({ ok: true });
    }),
  );
  return phones;
}

describe('Despacho: numbers blocked from the request page', () => {
  it('blocks a number, says why a bad one is refused, and unblocks it', async () => {
    const phones = blockedServer([{ id: 3, phone: '+56911112222', created_at: '2026-11-26T10:00:00.000Z' }]);
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByText('Pedir un taxi: números bloqueados', {}, SLOW));
    const list = await screen.findByRole('list', { name: 'Números bloqueados' }, SLOW);
    expect(within(list).getByText('+56 9 1111 2222')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Bloquear un número' });
    await user.type(within(form).getByLabelText('Número a bloquear'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Bloquear' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Teléfono inválido: 9 dígitos');
    expect(phones).toHaveLength(1);

    await user.clear(within(form).getByLabelText('Número a bloquear'));
    await user.type(within(form).getByLabelText('Número a bloquear'), '9 8444 5555');
    await user.click(within(form).getByRole('button', { name: 'Bloquear' }));
    expect(await within(list).findByText('+56 9 8444 5555', {}, SLOW)).toBeInTheDocument();
    expect(within(form).getByLabelText('Número a bloquear')).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Desbloquear +56 9 1111 2222' }));
    await screen.findByText(/puede volver a pedir por la web/, {}, SLOW);
    expect(phones.map((p) => p.phone)).toEqual(['+56984445555']);
    expect(within(screen.getByRole('list', { name: 'Números bloqueados' })).queryByText('+56 9 1111 2222')).not.toBeInTheDocument();
  });
});
