import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fleetRequests } from '../../testing/fakeFleet';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

async function openCreate() {
  const view = renderApp('/dashboard/vehicles', { signedIn: true });
  await screen.findByRole('heading', { level: 2, name: 'BCDF12' });
  await view.user.click(screen.getByRole('button', { name: '+ Nuevo Vehículo' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Nuevo Vehículo' }) };
}

async function openEdit(plate: string) {
  const view = renderApp('/dashboard/vehicles', { signedIn: true });
  await view.user.click(await screen.findByRole('button', { name: `Editar ${plate}` }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Editar Vehículo' }) };
}

describe('Nuevo Vehículo', () => {
  it('has the plate hint and a year between 1900 and next year', async () => {
    await openCreate();
    expect(screen.getByLabelText('Patente')).toHaveAccessibleDescription('Formato AB1234 o BCDF12');
    const year = screen.getByLabelText('Año');
    expect(year).toHaveAttribute('type', 'number');
    expect(year).toHaveAttribute('min', '1900');
    expect(year).toHaveAttribute('max', String(new Date().getFullYear() + 1));
  });

  it('requires a valid plate and sends nothing otherwise', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Patente')).toHaveAccessibleDescription('Formato AB1234 o BCDF12 La patente es obligatoria');
    await user.type(screen.getByLabelText('Patente'), 'AEIO12');
    await user.type(screen.getByLabelText('Modelo'), 'Nissan Versa');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('Patente inválida: usa el formato AB1234 o BCDF12')).toBeInTheDocument();
    expect(screen.getByLabelText('Patente')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Modelo')).toHaveValue('Nissan Versa');
    expect(fleetRequests('POST /vehicles')).toHaveLength(0);
  });

  it('rejects a year after next year', async () => {
    const { user } = await openCreate();
    await user.type(screen.getByLabelText('Patente'), 'KLPR56');
    await user.type(screen.getByLabelText('Año'), String(new Date().getFullYear() + 2));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Año')).toHaveAccessibleDescription('El año debe estar entre 1900 y el próximo año');
    expect(fleetRequests('POST /vehicles')).toHaveLength(0);
  });

  it('creates the vehicle with the year as an integer, says so and refreshes the list', async () => {
    const { user } = await openCreate();
    await user.type(screen.getByLabelText('Patente'), 'klpr56');
    await user.type(screen.getByLabelText('Modelo'), 'Nissan Versa');
    await user.type(screen.getByLabelText('Año'), '2022');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vehículo creado correctamente');
    expect(fleetRequests('POST /vehicles')[0].body).toEqual({ plate_number: 'KLPR56', model: 'Nissan Versa', color: null, year: 2022 });
    const card = (await screen.findByRole('heading', { level: 2, name: 'KLPR56' })).closest('li') as HTMLElement;
    expect(within(card).getByText('2022')).toBeInTheDocument();
    expect(fleetRequests('GET /vehicles')).toHaveLength(2);
  });

  it('sends a blank year as null', async () => {
    const { user } = await openCreate();
    await user.type(screen.getByLabelText('Patente'), 'AB4321');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('alert');
    expect(fleetRequests('POST /vehicles')[0].body).toMatchObject({ plate_number: 'AB4321', year: null });
  });

  it("shows the server's error text in the form", async () => {
    const { user, dialog } = await openCreate();
    await user.type(screen.getByLabelText('Patente'), 'BCDF12');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya existe un vehículo con esa patente');
    expect(screen.getByLabelText('Patente')).toHaveValue('BCDF12');
  });

  it('shows Error al guardar vehículo when the server gives no text', async () => {
    server.use(http.post(`${API}/vehicles`, () => new HttpResponse(null, { status: 500 })));
    const { user, dialog } = await openCreate();
    await user.type(screen.getByLabelText('Patente'), 'KLPR56');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al guardar vehículo');
  });
});

describe('Editar Vehículo', () => {
  it('shows the plate read-only', async () => {
    await openEdit('BCDF12');
    expect(screen.getByLabelText('Patente')).toHaveValue('BCDF12');
    expect(screen.getByLabelText('Patente')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Modelo')).toHaveValue('Toyota Corolla');
    expect(screen.getByLabelText('Año')).toHaveValue(2020);
  });

  it('saves the changes, the blank year as null, and refreshes the list', async () => {
    const { user } = await openEdit('BCDF12');
    const year = screen.getByLabelText('Año');
    await user.clear(year);
    await user.clear(screen.getByLabelText('Color'));
    await user.type(screen.getByLabelText('Color'), 'Amarillo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vehículo actualizado correctamente');
    expect(fleetRequests('PUT /vehicles/1')[0].body).toEqual({ plate_number: 'BCDF12', model: 'Toyota Corolla', color: 'Amarillo', year: null });
    const card = await findCardWithText('BCDF12', 'Amarillo');
    expect(within(card).getByText('Sin año')).toBeInTheDocument();
    expect(fleetRequests('GET /vehicles')).toHaveLength(2);
  });
});

async function findCardWithText(plate: string, text: string) {
  const card = (await screen.findByRole('heading', { level: 2, name: plate })).closest('li') as HTMLElement;
  await within(card).findByText(text);
  return card;
}
