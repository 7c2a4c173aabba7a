import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

describe('Login screen', () => {
  it('shows the RUT and password fields with the example placeholder and the footer', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('RUT')).toHaveAttribute('placeholder', '12345678');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByText(/Contacta al administrador/)).toBeInTheDocument();
  });

  it('requires RUT and password without calling the server', async () => {
    let calls = 0;
    server.use(http.post(`${API}/auth/login`, () => void calls++));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(screen.getByText('Ingresa tu RUT')).toBeInTheDocument();
    expect(screen.getByText('Ingresa tu contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('RUT')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  it('says "RUT inválido" for a RUT typed with a wrong check digit, without calling the server; a bare body still goes', async () => {
    let calls = 0;
    server.use(http.post(`${API}/auth/login`, () => void calls++));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('RUT'), '12.345.678-9');
    await user.type(screen.getByLabelText('Contraseña'), 'flota-demo');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getByText('RUT inválido')).toBeInTheDocument();
    expect(screen.getByLabelText('RUT')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);

    await user.clear(screen.getByLabelText('RUT'));
    await user.type(screen.getByLabelText('RUT'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(calls).toBe(1));
  });

  it('reads Ingresando... while busy, then goes to the dashboard and keeps the session', async () => {
    server.use(
      http.post(`${API}/auth/login`, async () => {
        await delay(50);
        return HttpResponse.json({ token: 'test-token', user: { id: 1, rut: '123456785', first_name: 'Carolina', last_name: 'Muñoz', email: 'c@x.cl', company_name: 'Taxis La Ligua' } });
      }),
    );
    const { user, router, storage } = renderApp('/login');
    await user.type(await screen.findByLabelText('RUT'), '12345678');
    await user.type(screen.getByLabelText('Contraseña'), 'flota-demo');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('button', { name: 'Ingresando...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(storage.read('session')).toMatchObject({ token: 'test-token', user: { first_name: 'Carolina' } });
  });

  it("shows the server's error text on a wrong password", async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('RUT'), '12.345.678-5');
    await user.type(screen.getByLabelText('Contraseña'), 'mala-clave');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('RUT o contraseña incorrectos');
    expect(screen.getByLabelText('RUT')).toHaveValue('12.345.678-5');
  });

  it('shows Login failed when the server gives no error text', async () => {
    server.use(http.post(`${API}/auth/login`, () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('RUT'), '12345678');
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('shows a connection error when the server cannot be reached', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.error()));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('RUT'), '12345678');
    await user.type(screen.getByLabelText('Contraseña'), 'flota-demo');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de conexión. Intenta nuevamente.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled());
  });
});
