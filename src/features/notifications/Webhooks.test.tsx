/**
 * A webhook's life on Notificaciones: its card (what it receives, how its deliveries went), Editar,
 * a form that refuses no events in Spanish and sends nothing, the two-step delete, the secret shown
 * again and copied, Probar failing with the server's reason, a pending delivery followed until it is
 * delivered, the delivery log's states, the screen's failed loads, and the endpoint limit.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { deskUser } from '../../testing/deskRoles';
import { makeDelivery, makeEndpoint, SECRET, serveNotifications } from '../../testing/fakeNotifications';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

const central = makeEndpoint({
  id: 3,
  description: 'Central de monitoreo',
  events: ['alert.sos', 'alert.zone_exit'],
  counts: { pending: 0, delivered: 12, failed: 1 },
  last_delivery: { status: 'failed', at: '2026-11-27T12:30:00.000Z', status_code: 500, error: 'Respuesta HTTP 500' },
});

async function openCard(name = 'Central de monitoreo') {
  const view = renderApp('/dashboard/notifications', { signedIn: true });
  const heading = await screen.findByRole('heading', { level: 2, name }, SLOW);
  return { ...view, card: heading.closest('li') as HTMLElement };
}

describe('a webhook’s card', () => {
  it('says where it points, what it receives, its deliveries of the week, the last attempt and its secret’s end, never the secret', async () => {
    serveNotifications({ endpoints: [central] });
    const { card } = await openCard();
    expect(card).toHaveTextContent('https://central.ejemplo.cl/flota');
    expect(within(card).getByText('Activo')).toBeInTheDocument();
    expect(within(card).getByText('Última: Fallido')).toBeInTheDocument();
    expect(card).toHaveTextContent('SOS del conductor, Salida de zona');
    expect(card).toHaveTextContent('12 entregadas · 0 pendientes · 1 fallida');
    expect(card).toHaveTextContent(/\d{2}\/\d{2}\/2026 \d{2}:\d{2} · HTTP 500 · Respuesta HTTP 500/);
    expect(card).toHaveTextContent(`whsec_${SECRET.slice(-4)}`);
    expect(card).not.toHaveTextContent(SECRET);
    expect(screen.getByText('1 webhook de 10 posibles')).toBeInTheDocument();
  });

  it('Editar changes its events and turns it off: the form starts from the endpoint and sends the change', async () => {
    const { sent } = serveNotifications({ endpoints: [central] });
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Editar Central de monitoreo' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar webhook' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue('https://central.ejemplo.cl/flota');
    expect(within(dialog).getByRole('checkbox', { name: 'Salida de zona' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Salida de zona' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Exceso de velocidad' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Activo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Webhook actualizado correctamente')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/webhooks/3', body: { url: 'https://central.ejemplo.cl/flota', description: 'Central de monitoreo', events: ['alert.sos', 'alert.speeding'], enabled: false } }]);
    await waitFor(() => expect(within(card).getByText('Inactivo')).toBeInTheDocument());
    expect(card).toHaveTextContent('SOS del conductor, Exceso de velocidad');
  });

  it('refuses an endpoint with no event, in Spanish, and sends nothing', async () => {
    const { sent } = serveNotifications({ endpoints: [central] });
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Editar Central de monitoreo' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar webhook' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'SOS del conductor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Salida de zona' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige al menos un evento');
    expect(sent).toEqual([]);
  });

  it('deletes it in two steps, and says so', async () => {
    const { sent } = serveNotifications({ endpoints: [central] });
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Eliminar Central de monitoreo' }));
    expect(sent).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de Central de monitoreo' }));
    expect(await screen.findByText('Webhook eliminado correctamente')).toBeInTheDocument();
    expect(await screen.findByText('Aún no hay webhooks: agrega uno para que tus sistemas reciban las alertas de la flota.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: '/webhooks/3' }]);
  });

  it('shows its secret again to copy it into the receiver', async () => {
    const { sent } = serveNotifications({ endpoints: [central] });
    const { card, user } = await openCard();
    // user-event stands in for the system clipboard (set up with the page): what is written to it.
    const written = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(card).getByRole('button', { name: 'Mostrar el secreto de Central de monitoreo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secreto del webhook' });
    expect(within(dialog).getByLabelText('Secreto')).toHaveTextContent(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copiar secreto' }));
    expect(await within(dialog).findByRole('button', { name: 'Copiado' })).toBeInTheDocument();
    expect(written).toHaveBeenCalledWith(SECRET);
    expect(sent).toEqual([{ method: 'GET', path: '/webhooks/3/secret' }]);
  });
});

describe('Probar and the deliveries', () => {
  it('says why Probar failed, with the server’s reason', async () => {
    serveNotifications({ endpoints: [central] });
    server.use(http.post(`${API}/webhooks/:id/test`, () => HttpResponse.json({ error: 'Demasiadas pruebas seguidas: espera un minuto' }, { status: 429 })));
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Probar Central de monitoreo' }));
    expect(await screen.findByText('Error al enviar la prueba. Demasiadas pruebas seguidas: espera un minuto')).toBeInTheDocument();
  });

  it('follows a pending test on the card until it is delivered, without a reload', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const notifications = serveNotifications({ endpoints: [makeEndpoint({ id: 4, description: 'Bodega' })] });
      const { card, user } = await openCard('Bodega');
      expect(card).toHaveTextContent('0 entregadas · 0 pendientes · 0 fallidas');
      await user.click(within(card).getByRole('button', { name: 'Probar Bodega' }));
      await waitFor(() => expect(card).toHaveTextContent('0 entregadas · 1 pendiente · 0 fallidas'));
      notifications.deliverPending();
      await act(async () => jest.advanceTimersByTime(3_100));
      await waitFor(() => expect(card).toHaveTextContent('1 entregada · 0 pendientes · 0 fallidas'));
      expect(within(card).getByText('Última: Entregado')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('lists a failed delivery with its answer and error, a pending one with its next attempt; says when there are none', async () => {
    serveNotifications({
      endpoints: [central],
      deliveries: [
        makeDelivery({ id: 7, event_type: 'alert.sos', event_id: 'evt_sos', status: 'failed', attempts: 8, last_status_code: 500, last_error: 'Respuesta HTTP 500', delivered_at: null }),
        makeDelivery({ id: 6, event_type: 'alert.zone_exit', event_id: 'evt_zona', status: 'pending', attempts: 2, last_status_code: null, last_error: 'Tiempo de espera agotado (10 s)', delivered_at: null, next_attempt_at: '2026-11-27T12:40:00.000Z' }),
      ],
    });
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Entregas de Central de monitoreo' }));
    const log = await screen.findByRole('dialog', { name: 'Entregas' });
    const sos = (await within(log).findByText('evt_sos')).closest('tr') as HTMLElement;
    expect(sos).toHaveTextContent('SOS del conductor');
    expect(within(sos).getByText('Fallido')).toBeInTheDocument();
    expect(sos).toHaveTextContent('8 de 8');
    expect(sos).toHaveTextContent('HTTP 500 · Respuesta HTTP 500');
    const zone = within(log).getByText('evt_zona').closest('tr') as HTMLElement;
    expect(within(zone).getByText('Pendiente')).toBeInTheDocument();
    expect(zone).toHaveTextContent('Tiempo de espera agotado (10 s)');
    expect(zone).toHaveTextContent(/Próximo intento: \d{2}\/\d{2}\/2026 \d{2}:\d{2}/);
    await user.keyboard('{Escape}');

    server.use(http.get(`${API}/webhooks/:id/deliveries`, () => HttpResponse.json({ deliveries: [] })));
    await user.click(within(card).getByRole('button', { name: 'Entregas de Central de monitoreo' }));
    expect(await screen.findByText('Aún no hay entregas. Usa Probar para enviar un evento de prueba.')).toBeInTheDocument();
  });

  it('says Cargando entregas..., and that the log could not be loaded when it fails', async () => {
    serveNotifications({ endpoints: [central] });
    server.use(
      http.get(`${API}/webhooks/:id/deliveries`, async () => {
        await delay(150);
        return HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 });
      }),
    );
    const { card, user } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Entregas de Central de monitoreo' }));
    const log = screen.getByRole('dialog', { name: 'Entregas' });
    expect(within(log).getByRole('status')).toHaveTextContent('Cargando entregas...');
    expect(await within(log).findByText('No se pudieron cargar las entregas.')).toBeInTheDocument();
  });
});

describe('the screen', () => {
  it('says the webhooks could not be loaded (and once in a notice), and Reintentar asks again', async () => {
    serveNotifications({ endpoints: [central] });
    let failures = 1;
    server.use(http.get(`${API}/webhooks`, () => (failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : undefined)));
    const { user } = renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar los webhooks.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los webhooks');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Central de monitoreo' })).toBeInTheDocument();
  });

  it('says when it cannot tell whether e-mail is configured', async () => {
    serveNotifications();
    server.use(http.get(`${API}/notifications/status`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 })));
    renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('No se pudo saber si el correo está configurado.', {}, SLOW)).toBeInTheDocument();
  });

  it('offers no new webhook once the server’s limit is reached', async () => {
    serveNotifications({ maxEndpoints: 2, endpoints: [central, makeEndpoint({ id: 4, description: 'Bodega' })] });
    renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('2 webhooks de 2 posibles', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Nuevo webhook' })).toBeDisabled();
  });

  it('is the Administrador’s too', async () => {
    deskUser('administrador');
    serveNotifications({ endpoints: [central] });
    const { card } = await openCard();
    await screen.findByText('Administrador', { selector: '.flota-sidebar__role' });
    expect(within(card).getByRole('button', { name: 'Editar Central de monitoreo' })).toBeInTheDocument();
  });
});
