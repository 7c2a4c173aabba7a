import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

function statValue(label: string) {
  return within(screen.getByRole('group', { name: label })).getByText(/^(\d+|—)$/).textContent;
}

describe('Panel de Control', () => {
  it('shows Cargando... then the three counts from the API', async () => {
    // A slow answer (the default handler answers after the delay), so Cargando... can be asserted.
    server.use(
      http.get(`${API}/shifts/active`, async () => {
        await delay(1000);
      }),
    );
    renderApp('/dashboard', { signedIn: true });
    // The cards stand while loading, empty, so nothing below them moves when the counts come. (Wait
    // for the cards, not for any Cargando...: the lazy route's own fallback says it too.)
    const card = await screen.findByRole('group', { name: 'Turnos Activos' });
    expect(within(card).queryByText(/^(\d+|—)$/)).not.toBeInTheDocument();
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cargando...')).not.toBeInTheDocument());
    expect(statValue('Turnos Activos')).toBe('4');
    expect(statValue('Conductores')).toBe('2');
    expect(statValue('Vehículos')).toBe('3');
  });

  it('stops loading when the counts fail, without numbers', async () => {
    server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 })));
    renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(statValue('Turnos Activos')).toBe('—'));
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });

  it.each([
    ['+ Nuevo Conductor', '/dashboard/drivers', 'Conductores'],
    ['+ Nuevo Vehículo', '/dashboard/vehicles', 'Vehículos'],
    ['Ver Mapa', '/dashboard/map', 'Mapa en Vivo'],
  ])('%s goes to %s', async (button, path, heading) => {
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
