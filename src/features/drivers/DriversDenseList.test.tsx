import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { demoUser, makeDriver, makeShift } from '../../testing/fixtures';
import { setFleet, type StoredDriver } from '../../testing/fakeFleet';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

/** The screens are lazy chunks: on a busy machine the first one takes longer than findBy's default second. */
const SLOW = { timeout: 10_000 };

function storedDriver(overrides: Parameters<typeof makeDriver>[0]): StoredDriver {
  const { plate_number: _plate, ...driver } = makeDriver(overrides);
  return driver;
}

beforeEach(() => {
  setFleet({
    drivers: [
      storedDriver({ id: 1, first_name: 'Marta', last_name: 'Vera', rut: '111111111', license_expiry: '2031-01-01', current_vehicle_id: null }),
      storedDriver({ id: 2, first_name: 'Ana', last_name: 'Soto', rut: '760864285', license_expiry: '2027-03-01', current_vehicle_id: null, is_active: false }),
      storedDriver({ id: 3, first_name: 'Luis', last_name: 'Rojas', rut: '125319092', license_expiry: null, current_vehicle_id: null }),
    ],
  });
  // Marta is on shift now.
  server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts: [makeShift({ id: 9, driver_id: 1 })], count: 1 })));
});

const cardNames = () => within(screen.getByRole('list', { name: 'Conductores' })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const rowNames = () => within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('Conductores: sort, filter, table view, En turno', () => {
  it('sorts by name, licence expiry and status, and filters Activo / Inactivo', async () => {
    const { user } = renderApp('/dashboard/drivers', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Marta Vera' }, SLOW);
    expect(cardNames()).toEqual(['Ana Soto', 'Luis Rojas', 'Marta Vera']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Vencimiento de licencia');
    expect(cardNames()).toEqual(['Ana Soto', 'Marta Vera', 'Luis Rojas']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Estado');
    expect(cardNames()).toEqual(['Luis Rojas', 'Marta Vera', 'Ana Soto']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Inactivo');
    expect(cardNames()).toEqual(['Ana Soto']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Activo');
    expect(cardNames()).toEqual(['Luis Rojas', 'Marta Vera']);
  });

  it('marks who is on shift now', async () => {
    renderApp('/dashboard/drivers', { signedIn: true });
    const marta = (await screen.findByRole('heading', { level: 2, name: 'Marta Vera' }, SLOW)).closest('li') as HTMLElement;
    expect(await within(marta).findByText('En turno')).toBeInTheDocument();
    const luis = screen.getByRole('heading', { level: 2, name: 'Luis Rojas' }).closest('li') as HTMLElement;
    expect(within(luis).queryByText('En turno')).not.toBeInTheDocument();
  });

  it('shows the table view with phone links and actions, and remembers it for the user', async () => {
    const first = renderApp('/dashboard/drivers', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Marta Vera' }, SLOW);
    await first.user.click(screen.getByRole('button', { name: 'Tabla' }));
    expect(screen.getByRole('button', { name: 'Tabla' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('list', { name: 'Conductores' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Nombre', 'RUT', 'Teléfono', 'Licencia', 'Vehículo', 'Estado', 'Acciones']);
    expect(rowNames()).toEqual(['Ana Soto', 'Luis Rojas', 'Marta Vera']);
    const marta = screen.getByRole('row', { name: /Marta Vera/ });
    expect(within(marta).getByRole('link', { name: 'Llamar a Marta Vera: +56 9 1234 5678' })).toHaveAttribute('href', 'tel:+56912345678');
    expect(await within(marta).findByText('En turno')).toBeInTheDocument();
    expect(within(marta).getByRole('button', { name: 'Editar Marta Vera' })).toBeInTheDocument();
    expect(first.storage.read(`driversView:${demoUser.id}`)).toBe('table');
    first.unmount();

    renderApp('/dashboard/drivers', { signedIn: true });
    expect(await screen.findByRole('table', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tabla' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives the Operador cards without an action band and a table without an actions column', async () => {
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...demoUser, role: 'operador' } })));
    const { user } = renderApp('/dashboard/drivers', { signedIn: true });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Marta Vera' }, SLOW)).closest('li') as HTMLElement;
    await screen.findAllByText('Operador');
    expect(card.querySelector('.flota-card__actions')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Llamar a Marta Vera: +56 9 1234 5678' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tabla' }));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('Acciones');
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });
});
