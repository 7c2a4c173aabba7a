/**
 * The driver's sign-in on /conductor: bad input is refused in Spanish before anything is sent, the
 * server's refusal is shown as it gives it, no signal is said plainly, and a driver's session that
 * the server no longer takes (a 401 on any driver request) signs the driver out with a notice and
 * leaves a desk session of the same browser alone.
 */
import { screen, waitFor } from '@testing-library/react';
import { fakeDriverServer, DRIVER_PROFILE, DRIVER_TOKEN } from '../../testing/fakeDriverServer';
import { demoToken } from '../../testing/fixtures';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

async function fillIn(user: ReturnType<typeof renderApp>['user'], { fleet, rut, password }: { fleet?: string; rut?: string; password?: string }) {
  if (fleet !== undefined) {
    await user.clear(await screen.findByLabelText('Código de flota', {}, SLOW));
    if (fleet) await user.type(screen.getByLabelText('Código de flota'), fleet);
  }
  if (rut) await user.type(await screen.findByLabelText('RUT', {}, SLOW), rut);
  if (password) await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('Ingreso de conductor', () => {
  it('refuses empty fields and a malformed fleet code in Spanish, beside each field, and sends nothing', async () => {
    const phone = fakeDriverServer();
    const { user } = renderApp('/conductor');
    await fillIn(user, { fleet: '' });
    expect(await screen.findByText('Ingresa el código de la flota')).toBeInTheDocument();
    expect(screen.getByText('Ingresa tu RUT')).toBeInTheDocument();
    expect(screen.getByText('Ingresa tu contraseña')).toBeInTheDocument();
    expect(screen.getByLabelText('RUT')).toHaveAttribute('aria-invalid', 'true');

    await fillIn(user, { fleet: 'K7', rut: '15.000.001-3', password: 'clave-1234' });
    expect(await screen.findByText('Código de flota inválido')).toBeInTheDocument();
    expect(phone.requests).toEqual([]);
  });

  it('shows the server’s refusal as given and stays on the form; then signs in and keeps the fleet code', async () => {
    const phone = fakeDriverServer();
    const { user, storage } = renderApp('/conductor?flota=K7P4QX');
    await fillIn(user, { rut: '15.000.001-3', password: 'otra-clave' });
    expect(await screen.findByRole('alert')).toHaveTextContent('RUT o contraseña incorrectos');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Contraseña'));
    await fillIn(user, { password: 'clave-1234' });
    expect(await screen.findByRole('heading', { name: 'Pedro Rojas' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(phone.asked('POST /driver/login')).toBe(2);
    // Kept on the phone: the session, and the fleet code of the setup link.
    expect(storage.read('conductor:session')).toEqual({ token: DRIVER_TOKEN, driver: DRIVER_PROFILE });
    expect(storage.read('conductor:fleet')).toBe('K7P4QX');
  });

  it('says there is no signal in plain Spanish', async () => {
    const phone = fakeDriverServer();
    phone.state.offline = true;
    const { user } = renderApp('/conductor?flota=K7P4QX');
    await fillIn(user, { rut: '15.000.001-3', password: 'clave-1234' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin conexión: revisa tu señal de datos.');
  });

  it('signs the driver out with a notice when the server refuses the driver’s token, and leaves the desk’s session alone', async () => {
    const phone = fakeDriverServer();
    // The phone kept a session the server no longer takes; a desk user is signed in in the same browser.
    localStorage.setItem('flota:conductor:session', JSON.stringify({ token: 'caducado', driver: DRIVER_PROFILE }));
    const { storage, store } = renderApp('/conductor', { signedIn: true });
    expect(await screen.findByText('Tu sesión expiró. Ingresa nuevamente.', {}, SLOW)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('form', { name: 'Ingreso de conductor' })).toBeInTheDocument();
    await waitFor(() => expect(storage.read('conductor:session')).toBeNull());
    expect(phone.requests).toContain('GET /driver/me');
    expect(store.getState().auth.token).toBe(demoToken);
    expect(storage.read('session')).toMatchObject({ token: demoToken });
  });

  it('Salir signs the driver out and forgets the session on the phone', async () => {
    fakeDriverServer();
    const { user, storage } = renderApp('/conductor');
    await fillIn(user, { fleet: 'K7P4QX', rut: '15.000.001-3', password: 'clave-1234' });
    await user.click(await screen.findByRole('button', { name: 'Salir' }, SLOW));
    expect(await screen.findByRole('form', { name: 'Ingreso de conductor' })).toBeInTheDocument();
    expect(screen.queryByText(/sesión expiró/)).not.toBeInTheDocument();
    expect(storage.read('conductor:session')).toBeNull();
  });
});
