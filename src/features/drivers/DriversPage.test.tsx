import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { fleetRequests, setFleet, type StoredDriver } from '../../testing/fakeFleet';
import { makeDriver } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

function storedDriver(overrides: Partial<StoredDriver>): StoredDriver {
  const { plate_number: _plate, ...driver } = makeDriver(overrides);
  return driver;
}

/** The card (list item) of the driver with that full name. */
async function findCard(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name }, { timeout: 10_000 }); // the first open loads the screen's chunk
  return heading.closest('li') as HTMLElement;
}

function cardNames() {
  return within(screen.getByRole('list', { name: 'Conductores' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('Conductores: the grid', () => {
  it('shows each driver with initials, formatted RUT, contact, licence, plate and status', async () => {
    renderApp('/dashboard/drivers', { signedIn: true });
    const juan = await findCard('Juan Pérez');
    expect(within(juan).getByText('JP')).toBeInTheDocument();
    expect(within(juan).getByText('RUT 12.531.909-2')).toBeInTheDocument();
    expect(within(juan).getByText('+56 9 1234 5678')).toBeInTheDocument();
    expect(within(juan).getByText('juan.perez@example.cl')).toBeInTheDocument();
    expect(within(juan).getByText('A2-123456 · vence el 01/01/2030')).toBeInTheDocument();
    expect(within(juan).getByText('BCDF12')).toBeInTheDocument();
    expect(within(juan).getByText('Activo')).toBeInTheDocument();

    const ana = await findCard('Ana Soto');
    expect(within(ana).getByText('RUT 76.086.428-5')).toBeInTheDocument();
    expect(within(ana).getByText('AB1234')).toBeInTheDocument();
    // Ana has no licence number: no licence line at all.
    expect(within(ana).queryByText('Licencia')).not.toBeInTheDocument();
    expect(within(juan).getByText('Licencia')).toBeInTheDocument();
  });

  it('shows Sin asignar without a vehicle and Inactivo for an inactive driver', async () => {
    setFleet({ drivers: [storedDriver({ current_vehicle_id: null, is_active: false })] });
    renderApp('/dashboard/drivers', { signedIn: true });
    const juan = await findCard('Juan Pérez');
    expect(within(juan).getByText('Sin asignar')).toBeInTheDocument();
    expect(within(juan).getByText('Inactivo')).toBeInTheDocument();
    expect(within(juan).queryByText('Activo')).not.toBeInTheDocument();
  });

  describe('licence expiry', () => {
    beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 21, 10, 0) }));
    afterEach(() => jest.useRealTimers());

    it('warns about an expired licence and one that expires within 30 days', async () => {
      setFleet({
        drivers: [
          storedDriver({ id: 1, first_name: 'Vencida', last_name: 'Uno', license_expiry: '2026-11-20', current_vehicle_id: null }),
          storedDriver({ id: 2, first_name: 'Pronto', last_name: 'Dos', license_expiry: '2026-12-15', current_vehicle_id: null }),
          storedDriver({ id: 3, first_name: 'Vigente', last_name: 'Tres', license_expiry: '2027-06-01', current_vehicle_id: null }),
        ],
      });
      renderApp('/dashboard/drivers', { signedIn: true });
      expect(within(await findCard('Vencida Uno')).getByText('Licencia vencida')).toBeInTheDocument();
      expect(within(await findCard('Vencida Uno')).getByText(/venció el 20\/11\/2026$/)).toBeInTheDocument();
      expect(within(await findCard('Pronto Dos')).getByText(/vence el 15\/12\/2026$/)).toBeInTheDocument();
      expect(within(await findCard('Pronto Dos')).getByText('Licencia vence pronto')).toBeInTheDocument();
      const valid = await findCard('Vigente Tres');
      expect(within(valid).queryByText(/Licencia venc/)).not.toBeInTheDocument();
    });
  });

  it('shows placeholder cards while loading, with Cargando... for screen readers', async () => {
    server.use(
      http.get(`${API}/drivers`, async () => {
        await delay(100);
      }),
    );
    renderApp('/dashboard/drivers', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Conductores' });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    await findCard('Juan Pérez');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty state, whose button opens the create form', async () => {
    setFleet({});
    const { user } = renderApp('/dashboard/drivers', { signedIn: true });
    expect(await screen.findByText('No hay conductores registrados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear primer conductor' }));
    expect(screen.getByRole('dialog', { name: 'Nuevo Conductor' })).toBeInTheDocument();
  });

  it('tells once that loading failed', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/drivers`, () => {
        calls += 1;
        return HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 });
      }),
    );
    renderApp('/dashboard/drivers', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar conductores');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(calls).toBe(1);
    expect(screen.queryByRole('list', { name: 'Conductores' })).not.toBeInTheDocument();
  });

  it('filters by name, RUT with or without dots and dash, and plate', async () => {
    const { user } = renderApp('/dashboard/drivers', { signedIn: true });
    await findCard('Juan Pérez');
    const search = screen.getByLabelText('Buscar conductores');
    await user.type(search, 'soto');
    expect(cardNames()).toEqual(['Ana Soto']);
    await user.clear(search);
    await user.type(search, '12.531.909-2');
    expect(cardNames()).toEqual(['Juan Pérez']);
    await user.clear(search);
    await user.type(search, '760864285');
    expect(cardNames()).toEqual(['Ana Soto']);
    await user.clear(search);
    await user.type(search, 'bcdf12');
    expect(cardNames()).toEqual(['Juan Pérez']);
    await user.clear(search);
    await user.type(search, 'nadie');
    expect(screen.getByText('Ningún conductor coincide con la búsqueda.')).toBeInTheDocument();
    await user.clear(search);
    expect(cardNames()).toEqual(['Ana Soto', 'Juan Pérez']);
  });

  it('returns focus to the edit button when the form closes with Escape', async () => {
    const { user } = renderApp('/dashboard/drivers', { signedIn: true });
    const edit = within(await findCard('Ana Soto')).getByRole('button', { name: 'Editar Ana Soto' });
    await user.click(edit);
    expect(screen.getByRole('dialog', { name: 'Editar Conductor' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });
});

describe('Conductores: two-step delete', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const view = renderApp('/dashboard/drivers', { signedIn: true });
    return { ...view, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
  }

  it('goes back to Eliminar after 3 seconds and sends nothing', async () => {
    const { user } = setup();
    const card = await findCard('Juan Pérez');
    await user.click(within(card).getByRole('button', { name: 'Eliminar Juan Pérez' }));
    expect(within(card).getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' })).toHaveTextContent('Confirmar');
    act(() => jest.advanceTimersByTime(3000));
    expect(within(card).getByRole('button', { name: 'Eliminar Juan Pérez' })).toBeInTheDocument();
    expect(fleetRequests('DELETE /drivers/1')).toHaveLength(0);
  });

  it('deletes on the second click, tells so and refreshes the list', async () => {
    const { user } = setup();
    const card = await findCard('Juan Pérez');
    expect(fleetRequests('GET /drivers')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Eliminar Juan Pérez' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Conductor eliminado correctamente');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Juan Pérez' })).not.toBeInTheDocument());
    expect(fleetRequests('DELETE /drivers/1')).toHaveLength(1);
    expect(fleetRequests('GET /drivers')).toHaveLength(2);
    expect(cardNames()).toEqual(['Ana Soto']);
  });

  it("tells that the delete failed, with the server's reason when it gives one", async () => {
    server.use(http.delete(`${API}/drivers/:id`, () => HttpResponse.json({ error: 'No se puede eliminar un conductor con un turno activo' }, { status: 409 })));
    const { user } = setup();
    const card = await findCard('Juan Pérez');
    await user.click(within(card).getByRole('button', { name: 'Eliminar Juan Pérez' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al eliminar conductor. No se puede eliminar un conductor con un turno activo');
    expect(screen.getByRole('heading', { name: 'Juan Pérez' })).toBeInTheDocument();
  });

  it('tells Error al eliminar conductor when the server gives no reason', async () => {
    server.use(http.delete(`${API}/drivers/:id`, () => new HttpResponse(null, { status: 500 })));
    const { user } = setup();
    const card = await findCard('Juan Pérez');
    await user.click(within(card).getByRole('button', { name: 'Eliminar Juan Pérez' }));
    await user.click(within(card).getByRole('button', { name: 'Confirmar eliminación de Juan Pérez' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al eliminar conductor')).toBeInTheDocument();
  });
});

describe('Conductores: arriving from the dashboard', () => {
  it('+ Nuevo Conductor on the dashboard opens the create form once', async () => {
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: '+ Nuevo Conductor' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo Conductor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/drivers');
    // The request is cleared, so a reload (or coming back) does not open it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open the form when arriving without the request', async () => {
    renderApp('/dashboard/drivers', { signedIn: true });
    await findCard('Juan Pérez');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
