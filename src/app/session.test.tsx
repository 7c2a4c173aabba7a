import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { API } from '../testing/handlers';
import { server } from '../testing/mswServer';
import { renderApp } from '../testing/renderApp';
import { spokenText } from '../testing/spokenText';

describe('session and routes', () => {
  it('sends a visitor without a session from a dashboard page to /login', async () => {
    const { router } = renderApp('/dashboard/drivers');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows Cargando... while a stored session is confirmed, then the page', async () => {
    server.use(
      http.get(`${API}/auth/me`, async () => {
        await delay(50);
        return HttpResponse.json({ user: { id: 1, rut: '123456785', first_name: 'Carolina', last_name: 'Muñoz', email: 'carolina.munoz@taxislaligua.cl', company_name: 'Taxis La Ligua' } });
      }),
    );
    renderApp('/dashboard/history', { signedIn: true });
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Historial de Turnos' })).toBeInTheDocument();
  });

  it.each(['/', '/no-existe', '/dashboard/otra-cosa'])('redirects %s to the dashboard', async (path) => {
    const { router } = renderApp(path, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the company, the user and the navigation in the layout', async () => {
    renderApp('/dashboard', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getAllByRole('link').map(spokenText)).toEqual(['Dashboard', 'Conductores', 'Vehículos', 'Despacho', 'Mapa en Vivo', 'Alertas', 'Vencimientos', 'Zonas', 'Historial', 'Mantención', 'Cuentas', 'Reportes', 'Actividad', 'Usuarios', 'Notificaciones', 'Ajustes']);
    expect(screen.getByText('Taxis La Ligua')).toBeInTheDocument();
    expect(screen.getByText('Carolina Muñoz')).toBeInTheDocument();
    expect(screen.getByText('carolina.munoz@taxislaligua.cl')).toBeInTheDocument();
    const topBar = screen.getByRole('banner');
    expect(topBar).toHaveTextContent('Sistema de Gestión');
    expect(topBar).toHaveTextContent('Carolina');
    expect(topBar).toHaveTextContent('Dueño');
  });

  it('navigates with the sidebar', async () => {
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Vehículos' }));
    expect(await screen.findByRole('heading', { name: 'Vehículos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vehicles');
    expect(screen.getByRole('link', { name: 'Vehículos' })).toHaveAttribute('aria-current', 'page');
  });

  it('Cerrar Sesión clears the stored session and returns to /login', async () => {
    const { user, router, storage } = renderApp('/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.read('session')).toBeNull();
  });

  it('a stored token the server rejects sends the user to /login and clears it', async () => {
    const { router, storage } = renderApp('/dashboard', { signedIn: true, token: 'manipulado' });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.read('session')).toBeNull();
  });

  it('any 401 during use ends the session', async () => {
    server.use(http.get(`${API}/drivers`, () => HttpResponse.json({ error: 'Sesión expirada. Ingresa nuevamente.' }, { status: 401 })));
    const { router, storage } = renderApp('/dashboard', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storage.read('session')).toBeNull();
  });

  it('keeps a restored session when the server cannot be reached', async () => {
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.error()));
    renderApp('/dashboard/history', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Historial de Turnos' })).toBeInTheDocument();
  });
});
