import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SUBSCRIBABLE_EVENT_TYPES, webhookEventTypeLabels, type NotificationsStatus, type WebhookDelivery, type WebhookEndpoint } from '../../../contract/notifications';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SECRET = 'whsec_k3Yx9A0bC1dE2fG3hI4jK5lM6nO7pQ8rS9tU0vW1xY2';

function status(configured: boolean): NotificationsStatus {
  return {
    email: { configured, from: configured ? 'Flota <alertas@flota.cl>' : null },
    webhooks: { max_endpoints: 10, max_attempts: 8, timeout_seconds: 10, private_addresses_allowed: false },
    event_types: SUBSCRIBABLE_EVENT_TYPES.map((type) => ({ type, label: webhookEventTypeLabels[type] })),
  };
}

/** A tiny in-memory notifications API that records what the page sent. */
function fakeNotificationsApi({ email = false, answerCreate }: { email?: boolean; answerCreate?: () => Response } = {}) {
  let endpoints: WebhookEndpoint[] = [];
  const deliveries: WebhookDelivery[] = [];
  const sent: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get(`${API}/notifications/status`, () => HttpResponse.json(status(email))),
    http.get(`${API}/webhooks`, () => HttpResponse.json({ endpoints })),
    http.post(`${API}/webhooks`, async ({ request }) => {
      const body = (await request.json()) as { url: string; description: string | null; events: WebhookEndpoint['events']; enabled: boolean };
      sent.push({ method: 'POST', path: '/webhooks', body });
      if (answerCreate) return answerCreate();
      const endpoint: WebhookEndpoint = { id: 1, ...body, secret_hint: `…${SECRET.slice(-4)}`, created_at: '2026-11-27T12:00:00.000Z', counts: { pending: 0, delivered: 0, failed: 0 }, last_delivery: null };
      endpoints = [endpoint];
      return HttpResponse.json({ endpoint, secret: SECRET }, { status: 201 });
    }),
    http.post(`${API}/webhooks/:id/test`, ({ params }) => {
      sent.push({ method: 'POST', path: `/webhooks/${params.id}/test` });
      const delivery: WebhookDelivery = {
        id: 5, event_id: 'evt_0123456789abcdef0123456789abcdef', event_type: 'test', status: 'delivered', attempts: 1, max_attempts: 8, last_status_code: 200, last_error: null,
        created_at: '2026-11-27T12:01:00.000Z', last_attempt_at: '2026-11-27T12:01:00.000Z', next_attempt_at: null, delivered_at: '2026-11-27T12:01:01.000Z',
      };
      deliveries.unshift(delivery);
      return HttpResponse.json({ delivery: { ...delivery, status: 'pending', attempts: 0 } }, { status: 202 });
    }),
    http.get(`${API}/webhooks/:id/deliveries`, () => HttpResponse.json({ deliveries })),
  );
  return sent;
}

describe('Notificaciones', () => {
  it('says e-mail is not configured rather than offering it', async () => {
    fakeNotificationsApi({ email: false });
    renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('El correo no está configurado en este servidor.')).toBeInTheDocument();
    expect(await screen.findByText('Aún no hay webhooks: agrega uno para que tus sistemas reciban las alertas de la flota.')).toBeInTheDocument();
  });

  it('says where e-mail comes from when it is configured', async () => {
    fakeNotificationsApi({ email: true });
    renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('Flota <alertas@flota.cl>')).toBeInTheDocument();
    expect(screen.queryByText('El correo no está configurado en este servidor.')).not.toBeInTheDocument();
  });

  it('adds a webhook with the keyboard, shows its secret once, and Probar lands in the delivery log', async () => {
    const sent = fakeNotificationsApi();
    const { user } = renderApp('/dashboard/notifications', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Agregar primer webhook' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo webhook' });
    // The URL field has the focus: typing and Tab reach every control.
    expect(within(dialog).getByLabelText('URL')).toHaveFocus();
    await user.keyboard('ftp://ejemplo.cl/x');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Entrada a zona' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('La URL debe comenzar con http:// o https://')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'https://ejemplo.cl/flota');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const secret = await screen.findByRole('dialog', { name: 'Webhook agregado: su secreto' });
    expect(within(secret).getByLabelText('Secreto')).toHaveTextContent(SECRET);
    expect(sent).toEqual([{ method: 'POST', path: '/webhooks', body: { url: 'https://ejemplo.cl/flota', description: null, events: ['alert.sos', 'alert.zone_enter'], enabled: true } }]);
    await user.click(within(secret).getByRole('button', { name: 'Cerrar' }));

    const card = (await screen.findByRole('heading', { level: 2, name: 'ejemplo.cl' })).closest('li') as HTMLElement;
    expect(within(card).getByText('SOS del conductor, Entrada a zona')).toBeInTheDocument();
    expect(card).not.toHaveTextContent(SECRET);
    await user.click(within(card).getByRole('button', { name: 'Probar ejemplo.cl' }));
    expect(await screen.findByText('Evento de prueba en cola: revisa Entregas en unos segundos')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Entregas de ejemplo.cl' }));
    const log = await screen.findByRole('dialog', { name: 'Entregas' });
    const row = (await within(log).findByText('Prueba (Probar)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Entregado')).toBeInTheDocument();
    expect(within(row).getByText('1 de 8')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 200')).toBeInTheDocument();
  });

  it("shows the server's refusal of a private address beside the URL", async () => {
    fakeNotificationsApi({
      answerCreate: () => HttpResponse.json({ error: 'Revisa los datos ingresados', fields: { url: 'La URL apunta a una dirección privada, local o reservada: usa una dirección pública' } }, { status: 400 }),
    });
    const { user } = renderApp('/dashboard/notifications', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Agregar primer webhook' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo webhook' });
    await user.type(within(dialog).getByLabelText('URL'), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La URL apunta a una dirección privada, local o reservada: usa una dirección pública')).toBeInTheDocument();
  });
});
