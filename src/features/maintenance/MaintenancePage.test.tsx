/**
 * Mantención as the desk sees it: every taxi with its odometer and most pressing plan, the worst
 * first; a taxi's odometer, plans and services; a new reading bringing a plan within 1.000 km; a
 * service restarting it; bad input refused in Spanish before sending; the server's reasons as given;
 * the Operador reading without the forms; the vehicle card's badge leading here. The fleet's day is
 * pinned: 27-11-2026.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { MaintenanceMessages } from '../../../contract/maintenance';
import { deskUser } from '../../testing/deskRoles';
import { kmPlan, reading, serveMaintenance, type FakeTaxi } from '../../testing/fakeMaintenance';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T15:00:00Z'), advanceTimers: true }));
afterEach(() => jest.useRealTimers());

const corolla = (): FakeTaxi => ({
  id: 1,
  plate: 'BCDF12',
  odometer: reading(8_000, '2026-11-01'),
  plans: [kmPlan({ id: 11, vehicle_id: 1, kind: 'Cambio de aceite', every_km: 10_000, every_months: 6, last_done_km: 0 }), kmPlan({ id: 12, vehicle_id: 1, kind: 'Frenos', every_km: 40_000, last_done_km: 0 })],
  records: [],
});
const yaris = (): FakeTaxi => ({ id: 2, plate: 'GHJK34', odometer: null, plans: [], records: [] });
const accent = (): FakeTaxi => ({
  id: 3,
  plate: 'AB1234',
  odometer: reading(120_250, '2026-10-15', 1_250),
  plans: [kmPlan({ id: 31, vehicle_id: 3, kind: 'Neumáticos', every_km: 40_000, last_done_km: 80_000 })],
  records: [
    { id: 41, vehicle_id: 3, done_on: '2026-06-01', odometer_km: 80_000, kind: 'Neumáticos', workshop: 'Neumáticos Ligua', cost_pesos: 240_000, notes: 'Cuatro nuevos', created_at: '2026-06-01T15:00:00.000Z' },
    { id: 42, vehicle_id: 3, done_on: '2026-09-10', odometer_km: 101_000, kind: 'Cambio de aceite', workshop: null, cost_pesos: 38_990, notes: null, created_at: '2026-09-10T15:00:00.000Z' },
  ],
});

/** The fleet's list: each taxi's button text, in order. */
async function fleetList() {
  const list = await screen.findByRole('list', { name: 'Taxis de la flota' }, SLOW);
  return within(list).getAllByRole('button').map((button) => button.textContent);
}
const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
const plan = (kind: string) => within(section('Planes')).getByText(kind).closest('li') as HTMLElement;

describe('Mantención: the fleet', () => {
  it('lists every taxi, the overdue and the near first, with its odometer and its most pressing plan; the subtitle counts what needs attention', async () => {
    serveMaintenance([corolla(), yaris(), accent()]);
    renderApp('/dashboard/maintenance', { signedIn: true });
    expect(await fleetList()).toEqual(['AB1234120.250 kmVencidaNeumáticos: Tocaba a los 120.000 km: se pasó por 250 km', 'BCDF128.000 kmAl día', 'GHJK34Sin odómetroSin planes']);
    expect(screen.getByText('1 plan requiere atención')).toBeInTheDocument();
    // A taxi's detail opens with the page, the one marked in the list.
    const shown = await screen.findByRole('heading', { level: 2, name: /^Taxi / });
    const pressed = within(screen.getByRole('list', { name: 'Taxis de la flota' })).getByRole('button', { pressed: true });
    expect(pressed).toHaveTextContent(shown.textContent?.replace('Taxi ', '') ?? '?');
  });

  it('says Cargando mantención..., then, with no taxi, where to add them', async () => {
    serveMaintenance([]);
    server.use(
      http.get(`${API}/maintenance`, async () => {
        await delay(150);
        return HttpResponse.json({ vehicles: [] });
      }),
    );
    renderApp('/dashboard/maintenance', { signedIn: true });
    expect(await screen.findByText('Cargando mantención...', {}, SLOW)).toHaveAttribute('role', 'status');
    expect(await screen.findByText('No hay vehículos registrados. Agrégalos en Vehículos para llevar su mantención.')).toBeInTheDocument();
  });

  it('says the maintenance could not be loaded, and Reintentar asks again', async () => {
    serveMaintenance([corolla()]);
    let failures = 1;
    server.use(http.get(`${API}/maintenance`, () => (failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : undefined)));
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    expect(await screen.findByText('No se pudo cargar la mantención.', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await fleetList()).toHaveLength(1);
    expect(screen.getByText('Todos los planes al día')).toBeInTheDocument();
  });

  it('opens the taxi chosen in the list, and the one the address names', async () => {
    serveMaintenance([corolla(), yaris(), accent()]);
    const { user, router } = renderApp('/dashboard/maintenance?vehiculo=2', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Taxi GHJK34' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Sin lectura: ingresa los km del tablero para que los planes por kilómetros cuenten.')).toBeInTheDocument();
    expect(screen.getByText('Sin planes. Por ejemplo: cambio de aceite cada 10.000 km o 6 meses.')).toBeInTheDocument();
    expect(screen.getByText('Sin servicios registrados.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^BCDF12/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^BCDF12/ })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?vehiculo=1');
  });
});

describe('Mantención: a taxi', () => {
  it('shows its odometer (the reading plus what Flota measured), its plans with what remains, and its services with their total', async () => {
    serveMaintenance([accent()]);
    renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi AB1234' }, SLOW);
    expect(section('Odómetro')).toHaveTextContent('120.250 kmLectura de 119.000 km el 15/10/2026 + 1.250 km medidos por Flota en sus turnos');
    expect(plan('Neumáticos')).toHaveTextContent('NeumáticosVencidaCada 40.000 km · último el 01/06/2026 a los 80.000 kmTocaba a los 120.000 km: se pasó por 250 km');
    const services = within(section('Servicios')).getByRole('table');
    expect(within(services).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Fecha', 'Tipo', 'Odómetro', 'Taller', 'Costo', 'Notas', 'Acciones'],
      ['10/09/2026', 'Cambio de aceite', '101.000 km', '—', '$38.990', '', 'Eliminar'],
      ['01/06/2026', 'Neumáticos', '80.000 km', 'Neumáticos Ligua', '$240.000', 'Cuatro nuevos', 'Eliminar'],
      ['Total', '$278.990', ''],
    ]);
  });

  it('a new reading brings the oil change within 1.000 km: the plan reads Próxima and the page counts it', async () => {
    const { sent } = serveMaintenance([corolla()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    expect(plan('Cambio de aceite')).toHaveTextContent('Al día');
    expect(plan('Cambio de aceite')).toHaveTextContent('A los 10.000 km (faltan 2.000 km)');
    const odometer = screen.getByRole('form', { name: 'Registrar lectura del odómetro' });
    expect(within(odometer).getByLabelText('Leído el')).toHaveValue('2026-11-27');
    await user.type(within(odometer).getByLabelText('Km del tablero'), '9.400');
    await user.click(within(odometer).getByRole('button', { name: 'Guardar lectura' }));
    expect(await screen.findByText('Odómetro registrado: 9.400 km')).toBeInTheDocument();
    await waitFor(() => expect(plan('Cambio de aceite')).toHaveTextContent('Próxima'));
    expect(plan('Cambio de aceite')).toHaveTextContent('A los 10.000 km (faltan 600 km)');
    expect(screen.getByText('1 plan requiere atención')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/maintenance/vehicles/1/odometer', body: { reading_km: 9_400, read_on: '2026-11-27' } }]);
  });

  it.each([['nothing', ''], ['decimals', '9400,5'], ['words', 'nueve mil']])('refuses %s as a reading, in Spanish, and sends nothing', async (_what, typed) => {
    const { sent } = serveMaintenance([corolla()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    const odometer = screen.getByRole('form', { name: 'Registrar lectura del odómetro' });
    if (typed) await user.type(within(odometer).getByLabelText('Km del tablero'), typed);
    await user.click(within(odometer).getByRole('button', { name: 'Guardar lectura' }));
    expect(within(odometer).getByRole('alert')).toHaveTextContent('Escribe los km del tablero en números enteros, por ejemplo 125.400');
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal of a reading as given', async () => {
    serveMaintenance([corolla()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    const odometer = screen.getByRole('form', { name: 'Registrar lectura del odómetro' });
    await user.type(within(odometer).getByLabelText('Km del tablero'), '3.000.000');
    await user.click(within(odometer).getByRole('button', { name: 'Guardar lectura' }));
    expect(await within(odometer).findByRole('alert')).toHaveTextContent(MaintenanceMessages.odometer);
    expect(section('Odómetro')).toHaveTextContent('8.000 km');
  });
});

describe('Mantención: plans and services', () => {
  it('creates a plan from the last service: every 10.000 km or 6 months', async () => {
    const { sent } = serveMaintenance([yaris()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi GHJK34' }, SLOW);
    const form = screen.getByRole('form', { name: 'Nuevo plan' });
    expect(within(form).getByLabelText('Mantención')).toHaveValue('Cambio de aceite');
    await user.clear(within(form).getByLabelText('Cada (km)'));
    await user.type(within(form).getByLabelText('Cada (km)'), '15.000');
    await user.type(within(form).getByLabelText('a los (km)'), '52.000');
    await user.click(within(form).getByRole('button', { name: 'Crear plan' }));
    expect(await screen.findByText('Plan "Cambio de aceite" creado')).toBeInTheDocument();
    expect(sent.map((request) => request.body)).toEqual([{ kind: 'Cambio de aceite', every_km: 15_000, every_months: 6, last_done_on: '2026-11-27', last_done_km: 52_000 }]);
    // Without an odometer a plan by kilometres cannot count.
    await waitFor(() => expect(plan('Cambio de aceite')).toHaveTextContent('Falta el odómetro'));
    expect(plan('Cambio de aceite')).toHaveTextContent('Cada 15.000 km o 6 meses · último el 27/11/2026 a los 52.000 km');
  });

  it('refuses a plan whose kilometres are not a number, in Spanish, and sends nothing', async () => {
    const { sent } = serveMaintenance([corolla()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    const form = screen.getByRole('form', { name: 'Nuevo plan' });
    await user.clear(within(form).getByLabelText('Cada (km)'));
    await user.type(within(form).getByLabelText('Cada (km)'), 'diez mil');
    await user.click(within(form).getByRole('button', { name: 'Crear plan' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(MaintenanceMessages.intervalKm);
    expect(sent).toEqual([]);
    expect(within(section('Planes')).queryAllByRole('listitem')).toHaveLength(2);
  });

  it('refuses a plan with neither kilometres nor months before sending; a refusal from the server is shown as given', async () => {
    const { sent } = serveMaintenance([corolla()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    const form = screen.getByRole('form', { name: 'Nuevo plan' });
    await user.clear(within(form).getByLabelText('Cada (km)'));
    await user.clear(within(form).getByLabelText('o cada (meses)'));
    await user.click(within(form).getByRole('button', { name: 'Crear plan' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(MaintenanceMessages.intervalNeeded);
    expect(sent).toEqual([]);

    // Another desk removed the taxi meanwhile.
    server.use(http.post(`${API}/maintenance/vehicles/:id/plans`, () => HttpResponse.json({ error: MaintenanceMessages.vehicleNotFound }, { status: 404 })));
    await user.type(within(form).getByLabelText('o cada (meses)'), '6');
    await user.click(within(form).getByRole('button', { name: 'Crear plan' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MaintenanceMessages.vehicleNotFound);
    expect(within(section('Planes')).queryAllByRole('listitem')).toHaveLength(2);
  });

  it('registers a service with its cost: the plan of its kind starts again from it, and the table adds it', async () => {
    const { sent } = serveMaintenance([{ ...corolla(), odometer: reading(9_400) }]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    expect(plan('Cambio de aceite')).toHaveTextContent('Próxima');
    const form = screen.getByRole('form', { name: 'Registrar servicio' });
    expect(within(form).getByLabelText('Odómetro (km)')).toHaveValue('9400');
    await user.clear(within(form).getByLabelText('Tipo'));
    await user.type(within(form).getByLabelText('Tipo'), 'Cambio de aceite');
    await user.type(within(form).getByLabelText('Taller'), 'Lubricentro La Ligua');
    await user.type(within(form).getByLabelText('Costo ($)'), '38.990');
    await user.click(within(form).getByRole('button', { name: 'Registrar servicio' }));
    expect(await screen.findByText('Servicio "Cambio de aceite" registrado: $38.990')).toBeInTheDocument();
    await waitFor(() => expect(plan('Cambio de aceite')).toHaveTextContent('Al día'));
    expect(plan('Cambio de aceite')).toHaveTextContent('A los 19.400 km (faltan 10.000 km)');
    expect(within(section('Servicios')).getByRole('table')).toHaveTextContent('Lubricentro La Ligua$38.990');
    expect(sent[0].body).toEqual({ done_on: '2026-11-27', odometer_km: 9_400, kind: 'Cambio de aceite', workshop: 'Lubricentro La Ligua', cost_pesos: 38_990, notes: '' });
  });

  it('refuses a cost with decimals in Spanish and sends nothing', async () => {
    const { sent } = serveMaintenance([corolla()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW);
    const form = screen.getByRole('form', { name: 'Registrar servicio' });
    await user.type(within(form).getByLabelText('Costo ($)'), '38.990,50');
    await user.click(within(form).getByRole('button', { name: 'Registrar servicio' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Escribe el costo en pesos enteros, por ejemplo 38.990');
    expect(sent).toEqual([]);
  });

  it('removes a plan and a service in two steps, each said in a notice', async () => {
    const { sent } = serveMaintenance([accent()]);
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi AB1234' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Eliminar el plan Neumáticos' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirmar eliminación de el plan Neumáticos' }));
    expect(await screen.findByText('Plan "Neumáticos" eliminado')).toBeInTheDocument();
    await waitFor(() => expect(within(section('Planes')).queryAllByRole('listitem')).toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Eliminar el servicio Cambio de aceite del 10/09/2026' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar eliminación de el servicio Cambio de aceite del 10/09/2026' }));
    expect(await screen.findByText('Servicio "Cambio de aceite" eliminado')).toBeInTheDocument();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /maintenance/plans/31', 'DELETE /maintenance/records/42']);
  });
});

describe('Mantención: roles and the vehicle card', () => {
  it('the Operador reads a taxi’s odometer, plans and services without any form or delete', async () => {
    deskUser('operador');
    serveMaintenance([accent()]);
    renderApp('/dashboard/maintenance', { signedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Taxi AB1234' }, SLOW);
    await screen.findByText('Operador', { selector: '.flota-sidebar__role' });
    expect(section('Odómetro')).toHaveTextContent('Lectura de 119.000 km el 15/10/2026');
    expect(plan('Neumáticos')).toHaveTextContent('Vencida');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
    expect(within(within(section('Servicios')).getByRole('table')).getAllByRole('row')[0]).not.toHaveTextContent('Acciones');
  });

  it('puts "Mantención próxima" on the vehicle’s card, leading to the taxi’s maintenance; none for a taxi on time', async () => {
    serveMaintenance([{ ...corolla(), odometer: reading(9_400) }, { ...accent(), id: 3 }]);
    const { user, router } = renderApp('/dashboard/vehicles', { signedIn: true });
    const badge = await screen.findByRole('link', { name: 'Mantención próxima' }, SLOW);
    expect(badge.closest('li')).toHaveTextContent('BCDF12');
    expect(screen.getByRole('link', { name: 'Mantención vencida' }).closest('li')).toHaveTextContent('AB1234');
    expect(within(screen.getByRole('list', { name: 'Vehículos' })).getAllByRole('link', { name: /^Mantención/ })).toHaveLength(2);
    await user.click(badge);
    await waitFor(() => expect(router.state.location.search).toBe('?vehiculo=1'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Taxi BCDF12' }, SLOW)).toBeInTheDocument();
  });
});
