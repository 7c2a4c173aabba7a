/** Mantención before anyone set up a plan (issue 46, item 6): it says so, and "Nuevo plan" starts empty. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MaintenanceMessages } from '../../../contract/maintenance';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };
const odometer = { reading_km: 120_000, read_on: '2026-11-01', measured_km: 500, current_km: 120_500 };

function fleetWithoutPlans() {
  const created: unknown[] = [];
  server.use(
    http.get(`${API}/maintenance`, () => HttpResponse.json({ vehicles: [{ vehicle_id: 7, plate_number: 'BCDF12', odometer, plans: [] }] })),
    http.get(`${API}/maintenance/vehicles/7`, () => HttpResponse.json({ vehicle: { id: 7, plate_number: 'BCDF12' }, odometer, plans: [], records: [] })),
    http.get(`${API}/maintenance/costs`, () => HttpResponse.json({ rows: [], total_pesos: 0 })),
    http.post(`${API}/maintenance/vehicles/7/plans`, async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({ error: 'no debió llegar' }, { status: 500 });
    }),
  );
  return created;
}

describe('Mantención with no plan yet', () => {
  it('says there are no plans yet instead of "Todos los planes al día"', async () => {
    fleetWithoutPlans();
    renderApp('/dashboard/maintenance', { signedIn: true });
    expect(await screen.findByText('Aún no hay planes de mantención: elige un taxi y crea su primer plan.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Todos los planes al día')).not.toBeInTheDocument();
  });

  it('opens "Nuevo plan" empty, its examples as placeholders, so no click makes a plan nobody typed', async () => {
    const created = fleetWithoutPlans();
    const { user } = renderApp('/dashboard/maintenance', { signedIn: true });
    const form = await screen.findByRole('form', { name: 'Nuevo plan' }, SLOW);
    const fields = within(form);
    expect(fields.getByLabelText('Mantención')).toHaveValue('');
    expect(fields.getByLabelText('Mantención')).toHaveAttribute('placeholder', 'Cambio de aceite');
    expect(fields.getByLabelText('Cada (km)')).toHaveValue('');
    expect(fields.getByLabelText('o cada (meses)')).toHaveValue('');
    expect(fields.getByLabelText('Último servicio el')).toHaveValue('');
    expect(fields.getByLabelText('Último servicio el')).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(fields.getByLabelText('a los (km)')).toHaveValue('');
    expect(fields.getByLabelText('a los (km)')).toHaveAttribute('placeholder', '120.500');
    await user.click(fields.getByRole('button', { name: 'Crear plan' }));
    // Nothing typed, nothing made: the form says what is missing and sends nothing.
    expect(await fields.findByRole('alert')).toHaveTextContent(MaintenanceMessages.kind);
    expect(created).toEqual([]);
  });
});
