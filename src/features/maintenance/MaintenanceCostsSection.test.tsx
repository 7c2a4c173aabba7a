/**
 * Reportes' "Costo de mantención por taxi y mes": each taxi's services per month of the report's
 * period (whole months), a dash for a month without any, totals per taxi and month, and the states
 * of the section (loading, none, a failed load).
 */
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { MaintenanceCosts } from '../../../contract/maintenance';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderWithStore } from '../../testing/renderApp';
import { MaintenanceCostsSection } from './MaintenanceCostsSection';

function serveCosts(answer: MaintenanceCosts, { wait = 0, failFirst = false } = {}) {
  const asked: string[] = [];
  let failures = failFirst ? 1 : 0;
  server.use(
    http.get(`${API}/maintenance/costs`, async ({ request }) => {
      asked.push(new URL(request.url).search);
      await delay(wait);
      return failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : HttpResponse.json(answer);
    }),
  );
  return asked;
}

const costs: MaintenanceCosts = {
  rows: [
    { vehicle_id: 1, plate_number: 'BCDF12', month: '2026-10', cost_pesos: 38_990, services: 1 },
    { vehicle_id: 1, plate_number: 'BCDF12', month: '2026-11', cost_pesos: 120_000, services: 2 },
    { vehicle_id: 3, plate_number: 'AB1234', month: '2026-11', cost_pesos: 240_000, services: 1 },
  ],
  total_pesos: 398_990,
};

it('shows each taxi’s cost per month of the period and the totals; a month without services reads —', async () => {
  const asked = serveCosts(costs);
  renderWithStore(<MaintenanceCostsSection from="2026-10-05" to="2026-11-20" />);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
    ['Taxi', 'oct 2026', 'nov 2026', 'Total'],
    ['BCDF12', '$38.990', '$120.000', '$158.990'],
    ['AB1234', '—', '$240.000', '$240.000'],
    ['Total', '$38.990', '$360.000', '$398.990'],
  ]);
  // Whole months: the period's days are not cut.
  expect(asked).toEqual(['?from=2026-10&to=2026-11']);
  expect(screen.getByRole('region', { name: 'Costo de mantención por taxi y mes' })).toBeInTheDocument();
});

it('says Cargando costos de mantención..., then that the month had no services', async () => {
  serveCosts({ rows: [], total_pesos: 0 }, { wait: 150 });
  renderWithStore(<MaintenanceCostsSection from="2026-11-01" to="2026-11-30" />);
  expect(screen.getByRole('status')).toHaveTextContent('Cargando costos de mantención...');
  expect(await screen.findByText('Sin servicios registrados en el mes.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('across the new year, counts the months of both', async () => {
  const asked = serveCosts({ rows: [], total_pesos: 0 });
  renderWithStore(<MaintenanceCostsSection from="2026-12-15" to="2027-01-10" />);
  expect(await screen.findByText('Sin servicios registrados en estos meses.')).toBeInTheDocument();
  expect(asked).toEqual(['?from=2026-12&to=2027-01']);
});

it('says the costs could not be loaded, and Reintentar asks again', async () => {
  serveCosts(costs, { failFirst: true });
  const { user } = renderWithStore(<MaintenanceCostsSection from="2026-10-05" to="2026-11-20" />);
  expect(await screen.findByText('No se pudieron cargar los costos de mantención.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('table')).toHaveTextContent('$398.990');
});
