/**
 * What each desk role sees (the server refuses the same calls; see server/auth/accessRules.test.ts):
 * the sidebar's items, read-only drivers and vehicles for an operator, screens a role may not
 * open, and the account menu's own-password change.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeskRole } from '../../contract/entities';
import { demoUser, makeDriver } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { server } from '../testing/mswServer';
import { renderApp } from '../testing/renderApp';
import { spokenText } from '../testing/spokenText';

function signInAs(role: DeskRole) {
  const person = role === 'dueño' ? demoUser : { ...demoUser, id: 7, rut: '66666662', first_name: 'Daniela', last_name: 'Pérez', email: 'daniela@example.cl', role };
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: person })));
}

async function navLabels() {
  const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
  await screen.findByRole('banner');
  return within(nav).getAllByRole('link').map(spokenText);
}

describe('desk roles in the SPA', () => {
  it('shows an operator the fleet read-only: no Usuarios or Actividad, no create, edit or delete', async () => {
    signInAs('operador');
    server.use(http.get(`${API}/drivers`, () => HttpResponse.json({ drivers: [makeDriver({ id: 1, first_name: 'Luis', last_name: 'Soto' })], count: 1 })));
    renderApp('/dashboard/drivers', { signedIn: true });
    expect(await screen.findByText('Luis Soto')).toBeInTheDocument();
    expect(await navLabels()).toEqual(['Dashboard', 'Conductores', 'Vehículos', 'Despacho', 'Mapa en Vivo', 'Alertas', 'Vencimientos', 'Historial', 'Mantención', 'Cuentas']);
    expect(screen.getByRole('banner')).toHaveTextContent('Operador');
    expect(screen.queryByRole('button', { name: '+ Nuevo Conductor' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
  });

  it('sends an operator who opens /dashboard/users to the dashboard', async () => {
    signInAs('operador');
    const { router } = renderApp('/dashboard/users', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: '+ Nuevo Conductor' })).toBeNull();
  });

  it('sends an operator who opens /dashboard/notifications to the dashboard', async () => {
    signInAs('operador');
    const { router } = renderApp('/dashboard/notifications', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('gives an administrator Actividad and Notificaciones but not Usuarios', async () => {
    signInAs('administrador');
    renderApp('/dashboard', { signedIn: true });
    await screen.findByText('Administrador', { selector: '.flota-sidebar__role' });
    expect(await navLabels()).toEqual(['Dashboard', 'Conductores', 'Vehículos', 'Despacho', 'Mapa en Vivo', 'Alertas', 'Vencimientos', 'Zonas', 'Historial', 'Mantención', 'Cuentas', 'Reportes', 'Actividad', 'Notificaciones', 'Ajustes']);
    expect(screen.getByRole('button', { name: '+ Nuevo Conductor' })).toBeInTheDocument();
  });

  it("changes one's own password from the account menu, showing the server's reason when refused", async () => {
    let sent: unknown = null;
    server.use(
      http.put(`${API}/auth/password`, async ({ request }) => {
        sent = await request.json();
        const body = sent as { current_password: string };
        if (body.current_password !== 'flota-demo') {
          return HttpResponse.json({ error: 'La contraseña actual no es correcta', fields: { current_password: 'La contraseña actual no es correcta' } }, { status: 400 });
        }
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: /Mi cuenta/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'otra-cosa');
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'clave-nueva-1');
    await user.type(within(dialog).getByLabelText('Repite la nueva contraseña'), 'clave-nueva-2');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.clear(within(dialog).getByLabelText('Repite la nueva contraseña'));
    await user.type(within(dialog).getByLabelText('Repite la nueva contraseña'), 'clave-nueva-1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta');
    // A wrong current password is not an expired session: still signed in.
    expect(screen.getByRole('banner')).toHaveTextContent('Carolina');

    await user.clear(within(dialog).getByLabelText('Contraseña actual'));
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'flota-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Contraseña actualizada correctamente')).toBeInTheDocument();
    expect(sent).toEqual({ current_password: 'flota-demo', new_password: 'clave-nueva-1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
