import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { demoUser, makeShift } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

/** The screens are lazy chunks: on a busy machine the first one takes longer than findBy's default second. */
const SLOW = { timeout: 10_000 };

// The default fleet: BCDF12 (Juan Pérez), GHJK34 (inactive, free), AB1234 (Ana Soto).
beforeEach(() => {
  server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts: [makeShift({ id: 9, vehicle_id: 3 })], count: 1 })));
});

const cardPlates = () => within(screen.getByRole('list', { name: 'Vehículos' })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('Vehículos: sort, filter, table view, En turno', () => {
  it('sorts by plate, driver and status, filters Activo / Inactivo and marks the vehicle on shift', async () => {
    const { user } = renderApp('/dashboard/vehicles', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'AB1234' }, SLOW);
    expect(cardPlates()).toEqual(['AB1234', 'BCDF12', 'GHJK34']);
    const onShift = screen.getByRole('heading', { level: 2, name: 'AB1234' }).closest('li') as HTMLElement;
    expect(await within(onShift).findByText('En turno')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Nombre del conductor');
    expect(cardPlates()).toEqual(['AB1234', 'BCDF12', 'GHJK34']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Estado');
    expect(cardPlates()).toEqual(['AB1234', 'BCDF12', 'GHJK34']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Inactivo');
    expect(cardPlates()).toEqual(['GHJK34']);
  });

  it('shows the table view and remembers it; the Operador gets cards without an action band', async () => {
    const first = renderApp('/dashboard/vehicles', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'AB1234' }, SLOW);
    await first.user.click(screen.getByRole('button', { name: 'Tabla' }));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Patente', 'Modelo', 'Color', 'Año', 'Conductor', 'Estado', 'Acciones']);
    expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['AB1234', 'BCDF12', 'GHJK34']);
    expect(first.storage.read(`vehiclesView:${demoUser.id}`)).toBe('table');
    first.storage.write(`vehiclesView:${demoUser.id}`, 'cards');
    first.unmount();

    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...demoUser, role: 'operador' } })));
    renderApp('/dashboard/vehicles', { signedIn: true });
    const card = (await screen.findByRole('heading', { level: 2, name: 'GHJK34' }, SLOW)).closest('li') as HTMLElement;
    await screen.findAllByText('Operador');
    expect(card.querySelector('.flota-card__actions')).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });
});
