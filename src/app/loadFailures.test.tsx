/**
 * Every screen when its load fails: a message stays in place with Reintentar (beside the spec's
 * alert, where it has one), and Reintentar recovers without a reload. The first request fails,
 * the next ones get the fake API's normal answer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../testing/handlers';
import { server } from '../testing/mswServer';
import { renderApp } from '../testing/renderApp';

const failOnce = (path: string) => server.use(http.get(`${API}${path}`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }), { once: true }));

describe('a failed load, then Reintentar', () => {
  it.each([
    ['/dashboard/drivers', '/drivers', 'Error al cargar conductores', 'No se pudieron cargar los conductores.', 'Conductores', 'Juan Pérez'],
    ['/dashboard/vehicles', '/vehicles', 'Error al cargar vehículos', 'No se pudieron cargar los vehículos.', 'Vehículos', 'BCDF12'],
  ])('%s keeps the alert and a message until Reintentar brings the cards', async (path, endpoint, alertText, message, list, firstCard) => {
    failOnce(endpoint);
    const { user } = renderApp(path, { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(alertText);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: list })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    const cards = await screen.findByRole('list', { name: list });
    expect(within(cards).getByRole('heading', { level: 2, name: firstCard })).toBeInTheDocument();
    // Resolved: the error notice and the message are gone.
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Usuarios shows a message until Reintentar brings the cards', async () => {
    server.use(http.get(`${API}/users`, () => HttpResponse.json({ users: [], count: 0 })));
    failOnce('/users');
    const { user } = renderApp('/dashboard/users', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar los usuarios.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no hay usuarios en la mesa: solo tú ingresas a esta flota')).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar los usuarios.')).not.toBeInTheDocument();
  });

  it('the dashboard keeps its cards without numbers, and Reintentar fills them', async () => {
    // /vehicles: only the counts read it here (the attention list also reads /shifts/active and /drivers).
    failOnce('/vehicles');
    const { user } = renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar los totales de la flota.')).toBeInTheDocument();
    const value = (label: string) => within(screen.getByRole('group', { name: label })).getByText(/^(\d+|—)$/).textContent;
    expect(value('Turnos Activos')).toBe('—');

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(value('Turnos Activos')).toBe('4'));
    expect(value('Conductores')).toBe('2');
    expect(screen.queryByText('No se pudieron cargar los totales de la flota.')).not.toBeInTheDocument();
  });

  it('the history shows the empty text and a message, and Reintentar brings the table', async () => {
    failOnce('/shifts/history');
    const { user } = renderApp('/dashboard/history', { signedIn: true });
    expect(await screen.findByText('No se pudo cargar el historial de turnos.')).toBeInTheDocument();
    expect(screen.getByText('No se encontraron turnos con los filtros seleccionados.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('No se pudo cargar el historial de turnos.')).not.toBeInTheDocument();
  });

  it('the history says so when its Conductor list fails, and Reintentar fills the select', async () => {
    failOnce('/drivers');
    const { user } = renderApp('/dashboard/history', { signedIn: true });
    expect(await screen.findByText('No se pudo cargar la lista de conductores y vehículos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('option', { name: 'Juan Pérez' })).toBeInTheDocument();
    expect(screen.queryByText('No se pudo cargar la lista de conductores y vehículos.')).not.toBeInTheDocument();
  });
});
