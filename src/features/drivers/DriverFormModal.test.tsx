import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { fleetRequests } from '../../testing/fakeFleet';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

async function openCreate() {
  const view = renderApp('/dashboard/drivers', { signedIn: true });
  await screen.findByRole('heading', { level: 2, name: 'Juan Pérez' });
  await view.user.click(screen.getByRole('button', { name: '+ Nuevo Conductor' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Nuevo Conductor' }) };
}

async function openEdit(name: string) {
  const view = renderApp('/dashboard/drivers', { signedIn: true });
  await view.user.click(await screen.findByRole('button', { name: `Editar ${name}` }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Editar Conductor' }) };
}

type User = ReturnType<typeof renderApp>['user'];

async function fillNewDriver(user: User, rut = '15.678.234-3') {
  await user.type(screen.getByLabelText('RUT'), rut);
  await user.type(screen.getByLabelText('Nombre'), 'Pedro');
  await user.type(screen.getByLabelText('Apellido'), 'Rojas');
  await user.type(screen.getByLabelText('Contraseña'), 'secreta123');
}

describe('Nuevo Conductor', () => {
  it('has typed fields and a vehicle select that marks plates taken by another driver', async () => {
    await openCreate();
    expect(screen.getByLabelText('Correo')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Vencimiento de licencia')).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(screen.getByLabelText('Número de licencia')).toBeInTheDocument();
    const select = screen.getByLabelText('Vehículo asignado');
    expect(await within(select).findByRole('option', { name: 'BCDF12 (asignado a Juan Pérez)' })).toBeInTheDocument();
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Sin asignar', 'BCDF12 (asignado a Juan Pérez)', 'GHJK34', 'AB1234 (asignado a Ana Soto)']);
    expect(select).toHaveValue('');
  });

  it('requires RUT, password, first and last name, and sends nothing', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('El RUT es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(screen.getByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El apellido es obligatorio')).toBeInTheDocument();
    expect(fleetRequests('POST /drivers')).toHaveLength(0);
  });

  it('rejects a RUT with a wrong check digit next to the field, keeps what was typed, sends nothing', async () => {
    const { user } = await openCreate();
    await fillNewDriver(user, '15.678.234-5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const rut = screen.getByLabelText('RUT');
    expect(rut).toHaveAttribute('aria-invalid', 'true');
    expect(rut).toHaveAccessibleDescription('RUT inválido: revisa el dígito verificador');
    expect(rut).toHaveValue('15.678.234-5');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Pedro');
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'false');
    expect(fleetRequests('POST /drivers')).toHaveLength(0);
  });

  it('creates the driver with a blank vehicle sent as null, says so and refreshes the list', async () => {
    const { user } = await openCreate();
    expect(fleetRequests('GET /drivers')).toHaveLength(1);
    await fillNewDriver(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conductor creado correctamente');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = fleetRequests('POST /drivers');
    expect(post.body).toMatchObject({ rut: '156782343', first_name: 'Pedro', last_name: 'Rojas', password: 'secreta123', current_vehicle_id: null, email: null });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Pedro Rojas' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Sin asignar')).toBeInTheDocument();
    expect(fleetRequests('GET /drivers')).toHaveLength(2);
  });

  it('reads Guardando... and is disabled while saving', async () => {
    server.use(
      http.post(`${API}/drivers`, async () => {
        await delay(50);
      }),
    );
    const { user } = await openCreate();
    await fillNewDriver(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Conductor creado correctamente');
  });

  it("shows the server's error text in the form and keeps what was typed", async () => {
    const { user, dialog } = await openCreate();
    await fillNewDriver(user, '12.531.909-2');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe un conductor con ese RUT');
    expect(screen.getByLabelText('RUT')).toHaveValue('12.531.909-2');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  });

  it("shows the server's per-field texts next to their fields", async () => {
    server.use(http.post(`${API}/drivers`, () => HttpResponse.json({ error: 'Revisa los datos ingresados', fields: { email: 'Ese correo ya está en uso' } }, { status: 400 })));
    const { user, dialog } = await openCreate();
    await fillNewDriver(user);
    await user.type(screen.getByLabelText('Correo'), 'pedro@example.cl');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Revisa los datos ingresados');
    expect(screen.getByLabelText('Correo')).toHaveAccessibleDescription('Ese correo ya está en uso');
  });

  it('shows Error al guardar conductor when the server gives no text', async () => {
    server.use(http.post(`${API}/drivers`, () => new HttpResponse(null, { status: 500 })));
    const { user, dialog } = await openCreate();
    await fillNewDriver(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al guardar conductor');
  });
});

describe('Editar Conductor', () => {
  it('shows the RUT read-only and the password hint', async () => {
    await openEdit('Juan Pérez');
    expect(screen.getByLabelText('RUT')).toHaveValue('12.531.909-2');
    expect(screen.getByLabelText('RUT')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('Déjala en blanco para mantener la actual');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Juan');
    expect(screen.getByLabelText('Vehículo asignado')).toHaveValue('1');
  });

  it('omits a blank password from the PUT body, says so and refreshes the list', async () => {
    const { user } = await openEdit('Juan Pérez');
    const phone = screen.getByLabelText('Teléfono');
    await user.clear(phone);
    await user.type(phone, '+56 9 5555 0000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conductor actualizado correctamente');
    const [put] = fleetRequests('PUT /drivers/1');
    expect(put.body).not.toHaveProperty('password');
    expect(put.body).toMatchObject({ rut: '125319092', phone: '+56 9 5555 0000', current_vehicle_id: 1 });
    expect(await screen.findByText('+56 9 5555 0000')).toBeInTheDocument();
    expect(fleetRequests('GET /drivers')).toHaveLength(2);
  });

  it('sends a new password when one is typed', async () => {
    const { user } = await openEdit('Juan Pérez');
    await user.type(screen.getByLabelText('Contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('alert');
    expect(fleetRequests('PUT /drivers/1')[0].body).toMatchObject({ password: 'nueva-clave-1' });
  });

  it('sends a blank vehicle as null and the card then reads Sin asignar', async () => {
    const { user } = await openEdit('Juan Pérez');
    await user.selectOptions(screen.getByLabelText('Vehículo asignado'), 'Sin asignar');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('alert');
    expect(fleetRequests('PUT /drivers/1')[0].body).toMatchObject({ current_vehicle_id: null });
    const card = screen.getByRole('heading', { level: 2, name: 'Juan Pérez' }).closest('li') as HTMLElement;
    await waitFor(() => expect(within(card).getByText('Sin asignar')).toBeInTheDocument());
  });

  it("assigning another driver's vehicle moves it", async () => {
    const { user } = await openEdit('Juan Pérez');
    const select = screen.getByLabelText('Vehículo asignado');
    await user.selectOptions(select, await within(select).findByRole('option', { name: 'AB1234 (asignado a Ana Soto)' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('alert');
    const juan = screen.getByRole('heading', { level: 2, name: 'Juan Pérez' }).closest('li') as HTMLElement;
    const ana = screen.getByRole('heading', { level: 2, name: 'Ana Soto' }).closest('li') as HTMLElement;
    await waitFor(() => expect(within(juan).getByText('AB1234')).toBeInTheDocument());
    expect(within(ana).getByText('Sin asignar')).toBeInTheDocument();
  });

  it('a driver change refreshes the vehicles list seen before', async () => {
    const { user } = renderApp('/dashboard/vehicles', { signedIn: true });
    const ab = (await screen.findByRole('heading', { level: 2, name: 'AB1234' })).closest('li') as HTMLElement;
    expect(within(ab).getByText('Ana Soto')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Conductores' }));
    await user.click(await screen.findByRole('button', { name: 'Editar Juan Pérez' }));
    const select = screen.getByLabelText('Vehículo asignado');
    await user.selectOptions(select, await within(select).findByRole('option', { name: 'AB1234 (asignado a Ana Soto)' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Conductor actualizado correctamente');
    await user.click(screen.getByRole('link', { name: 'Vehículos' }));
    const abAgain = (await screen.findByRole('heading', { level: 2, name: 'AB1234' })).closest('li') as HTMLElement;
    await waitFor(() => expect(within(abAgain).getByText('Juan Pérez')).toBeInTheDocument());
  });
});
