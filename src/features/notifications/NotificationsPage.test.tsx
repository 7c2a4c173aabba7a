import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { SECRET, serveNotifications } from '../../testing/fakeNotifications';
import { renderApp } from '../../testing/renderApp';

// The walk through the form is long, and the first test loads the screen's chunk: a busy machine takes seconds.
jest.setTimeout(30_000);

describe('Notificaciones', () => {
  it('says e-mail is not configured rather than offering it', async () => {
    serveNotifications({ email: false });
    renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('El correo no está configurado en este servidor.')).toBeInTheDocument();
    // What to ask for, in an owner's words: no setting's name.
    const notice = screen.getByRole('region', { name: 'Correo' });
    expect(notice).toHaveTextContent('Pide a quien administra el servidor de Flota que configure el envío de correo (una cuenta SMTP y la dirección remitente)');
    expect(notice).not.toHaveTextContent('SMTP_URL');
    expect(await screen.findByText('Aún no hay webhooks: agrega uno para que tus sistemas reciban las alertas de la flota.')).toBeInTheDocument();
  });

  it('says where e-mail comes from when it is configured', async () => {
    serveNotifications({ email: true });
    renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByText('Flota <alertas@flota.cl>')).toBeInTheDocument();
    expect(screen.queryByText('El correo no está configurado en este servidor.')).not.toBeInTheDocument();
  });

  it('adds a webhook with the keyboard, shows its secret once, and Probar lands in the delivery log', async () => {
    const notifications = serveNotifications();
    const { sent } = notifications;
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
    notifications.deliverPending();
    await user.click(within(card).getByRole('button', { name: 'Entregas de ejemplo.cl' }));
    const log = await screen.findByRole('dialog', { name: 'Entregas' });
    const row = (await within(log).findByText('Prueba (Probar)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Entregado')).toBeInTheDocument();
    expect(within(row).getByText('1 de 8')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 200')).toBeInTheDocument();
  });

  it("shows the server's refusal of a private address beside the URL", async () => {
    serveNotifications({
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
