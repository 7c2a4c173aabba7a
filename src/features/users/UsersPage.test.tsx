import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeskUser } from '../../../contract/entities';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const javier: DeskUser = { id: 2, rut: '55555559', first_name: 'Javier', last_name: 'Rojas', email: 'javier@example.cl', role: 'administrador', is_active: true, created_at: '2026-11-01T12:00:00.000Z' };

/** A tiny in-memory /users API that records what the page sent. */
function fakeUsersApi() {
  let users = [javier];
  const sent: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/users`, () => HttpResponse.json({ users, count: users.length })),
    http.post(`${API}/users`, async ({ request }) => {
      const body = (await request.json()) as Omit<DeskUser, 'id' | 'is_active' | 'created_at'> & { password: string };
      sent.push({ method: 'POST', path: '/users', body });
      if (users.some((u) => u.rut === body.rut)) return HttpResponse.json({ error: 'Ya existe un usuario con ese RUT' }, { status: 409 });
      const { password: _password, ...fields } = body;
      const user = { ...fields, id: 10 + users.length, is_active: true, created_at: new Date().toISOString() };
      users = [...users, user];
      return HttpResponse.json({ user }, { status: 201 });
    }),
    http.put(`${API}/users/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<DeskUser>;
      sent.push({ method: 'PUT', path: `/users/${params.id}`, body });
      users = users.map((u) => (u.id === Number(params.id) ? { ...u, ...body } : u));
      return HttpResponse.json({ user: users.find((u) => u.id === Number(params.id)) });
    }),
  );
  return sent;
}

describe('Usuarios', () => {
  it('creates an operator after checking the RUT, and lists them with their role', async () => {
    const sent = fakeUsersApi();
    const { user } = renderApp('/dashboard/users', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Javier Rojas' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Nuevo Usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    await user.type(within(dialog).getByLabelText('RUT'), '6.666.666-3');
    await user.type(within(dialog).getByLabelText('Nombre'), 'Daniela');
    await user.type(within(dialog).getByLabelText('Apellido'), 'Pérez');
    await user.type(within(dialog).getByLabelText('Correo'), 'daniela@example.cl');
    await user.type(within(dialog).getByLabelText('Contraseña inicial'), 'clave-inicial');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('RUT inválido: revisa el dígito verificador')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('RUT'));
    await user.type(within(dialog).getByLabelText('RUT'), '6.666.666-2');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Usuario creado correctamente')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', path: '/users', body: { rut: '66666662', first_name: 'Daniela', last_name: 'Pérez', email: 'daniela@example.cl', role: 'operador', password: 'clave-inicial' } },
    ]);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Daniela Pérez' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Operador')).toBeInTheDocument();
    expect(within(card).getByText('RUT 6.666.666-2')).toBeInTheDocument();
  }, 20_000);

  it('deactivates a user keeping their other fields, and offers to reactivate', async () => {
    const sent = fakeUsersApi();
    const { user } = renderApp('/dashboard/users', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Desactivar Javier Rojas' }));
    expect(await screen.findByText('Usuario desactivado: sus sesiones se cerraron')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/users/2', body: { first_name: 'Javier', last_name: 'Rojas', email: 'javier@example.cl', role: 'administrador', is_active: false } }]);
    expect(await screen.findByRole('button', { name: 'Reactivar Javier Rojas' })).toBeInTheDocument();
  });

  it('resets a password: required, at least 8 characters, sent with the user as is', async () => {
    const sent = fakeUsersApi();
    const { user } = renderApp('/dashboard/users', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Restablecer contraseña de Javier Rojas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer contraseña de Javier Rojas' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('La contraseña es obligatoria')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'corta');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Nueva contraseña'));
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'clave-nueva-9');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Contraseña restablecida: las sesiones abiertas del usuario se cerraron')).toBeInTheDocument();
    expect(sent[0]).toEqual({ method: 'PUT', path: '/users/2', body: { first_name: 'Javier', last_name: 'Rojas', email: 'javier@example.cl', role: 'administrador', is_active: true, password: 'clave-nueva-9' } });
  }, 20_000);
});
