import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { fleetRequests, setFleet } from '../../testing/fakeFleet';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

/** The card (list item) of the vehicle with that plate. */
async function findCard(plate: string) {
  const heading = await screen.findByRole('heading', { level: 2, name: plate }, { timeout: 10_000 }); // the first open loads the screen's chunk
  return heading.closest('li') as HTMLElement;
}

function cardPlates() {
  return within(screen.getByRole('list', { name: 'Vehículos' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('Vehículos: the grid', () => {
  it('shows plate, model, colour, year, driver and status', async () => {
    renderApp('/dashboard/vehicles', { signedIn: true });
    const corolla = await findCard('BCDF12');
    expect(within(corolla).getByText('Toyota Corolla')).toBeInTheDocument();
    expect(within(corolla).getByText('Blanco')).toBeInTheDocument();
    expect(within(corolla).getByText('2020')).toBeInTheDocument();
    expect(within(corolla).getByText('Juan Pérez')).toBeInTheDocument();
    expect(within(corolla).getByText('Activo')).toBeInTheDocument();

    const free = await findCard('GHJK34');
    expect(within(free).getByText('Sin modelo')).toBeInTheDocument();
    expect(within(free).getByText('Sin asignar')).toBeInTheDocument();
    expect(within(free).getByText('Inactivo')).toBeInTheDocument();
    expect(cardPlates()).toEqual(['AB1234', 'BCDF12', 'GHJK34']);
  });

  it('shows the empty state, whose button opens the create form', async () => {
    setFleet({});
    const { user } = renderApp('/dashboard/vehicles', { signedIn: true });
    expect(await screen.findByText('No hay vehículos registrados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear primer vehículo' }));
    expect(screen.getByRole('dialog', { name: 'Nuevo Vehículo' })).toBeInTheDocument();
  });

  it('tells once that loading failed', async () => {
    server.use(http.get(`${API}/vehicles`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 })));
    renderApp('/dashboard/vehicles', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar vehículos');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('filters by plate, model and driver name', async () => {
    const { user } = renderApp('/dashboard/vehicles', { signedIn: true });
    await findCard('BCDF12');
    const search = screen.getByLabelText('Buscar vehículos');
    await user.type(search, 'ab 1234');
    expect(cardPlates()).toEqual(['AB1234']);
    await user.clear(search);
    await user.type(search, 'corolla');
    expect(cardPlates()).toEqual(['BCDF12']);
    await user.clear(search);
    await user.type(search, 'ana soto');
    expect(cardPlates()).toEqual(['AB1234']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('Ningún vehículo coincide con la búsqueda.')).toBeInTheDocument();
  });

  it('+ Nuevo Vehículo on the dashboard opens the create form once', async () => {
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: '+ Nuevo Vehículo' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo Vehículo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vehicles');
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});

describe('Vehículos: two-step delete', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup(path = '/dashboard/vehicles') {
    const view = renderApp(path, { signedIn: true });
    return { ...view, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
  }

  it('goes back after 3 seconds and sends nothing', async () => {
    const { user } = setup();
    const card = await findCard('GHJK34');
    await user.click(within(card).getByRole('button', { name: 'Eliminar GHJK34' }));
    expect(within(card).getByRole('button', { name: 'Confirmar eliminación de GHJK34' })).toHaveTextContent('Confirmar');
    act(() => jest.advanceTimersByTime(3000));
    expect(within(card).getByRole('button', { name: 'Eliminar GHJK34' })).toBeInTheDocument();
    expect(fleetRequests('DELETE /vehicles/2')).toHaveLength(0);
  });

  it('deletes on the second click, tells so and refreshes the list', async () => {
    const { user } = setup();
    const card = await findCard('GHJK34');
    await user.click(within(card).getByRole('button', { name: 'Eliminar GHJK34' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de GHJK34' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vehículo eliminado correctamente');
    await waitFor(() => expect(cardPlates()).toEqual(['AB1234', 'BCDF12']));
    expect(fleetRequests('GET /vehicles')).toHaveLength(2);
  });

  it('deleting a vehicle refreshes the drivers list, which no longer shows its plate', async () => {
    const { user } = setup('/dashboard/drivers');
    const juan = (await screen.findByRole('heading', { level: 2, name: 'Juan Pérez' })).closest('li') as HTMLElement;
    expect(within(juan).getByText('BCDF12')).toBeInTheDocument();
    expect(fleetRequests('GET /drivers')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Vehículos' }));
    const card = await findCard('BCDF12');
    await user.click(within(card).getByRole('button', { name: 'Eliminar BCDF12' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de BCDF12' }));
    await screen.findByText('Vehículo eliminado correctamente');

    await user.click(screen.getByRole('link', { name: 'Conductores' }));
    const juanAgain = (await screen.findByRole('heading', { level: 2, name: 'Juan Pérez' })).closest('li') as HTMLElement;
    await waitFor(() => expect(within(juanAgain).getByText('Sin asignar')).toBeInTheDocument());
    expect(fleetRequests('GET /drivers')).toHaveLength(2);
  });

  it("tells that the delete failed, with the server's reason when it gives one", async () => {
    server.use(http.delete(`${API}/vehicles/:id`, () => HttpResponse.json({ error: 'Vehículo no encontrado' }, { status: 404 })));
    const { user } = setup();
    const card = await findCard('GHJK34');
    await user.click(within(card).getByRole('button', { name: 'Eliminar GHJK34' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de GHJK34' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al eliminar vehículo. Vehículo no encontrado');
  });

  it('tells Error al eliminar vehículo when the server gives no reason', async () => {
    server.use(http.delete(`${API}/vehicles/:id`, () => new HttpResponse(null, { status: 500 })));
    const { user } = setup();
    const card = await findCard('GHJK34');
    await user.click(within(card).getByRole('button', { name: 'Eliminar GHJK34' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de GHJK34' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al eliminar vehículo')).toBeInTheDocument();
  });
});
