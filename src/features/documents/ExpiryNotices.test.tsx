/**
 * Where Vencimientos shows outside its own screen: each card's badge (one expired document by name,
 * several counted, the nearest due within 30 days, a taxi's retirement date) and the dashboard's
 * "Requiere atención" (documents expired or due within 30 days, linking to Vencimientos). The day is
 * pinned: 27-11-2026.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Expiry, ExpiriesResponse } from '../../../contract/documents';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const SLOW = { timeout: 10_000 };

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T15:00:00Z'), advanceTimers: true }));
afterEach(() => jest.useRealTimers());

const expiry = (overrides: Partial<Expiry>): Expiry => ({
  subject: 'vehicle',
  vehicle_id: 1,
  driver_id: null,
  name: 'BCDF12',
  kind: 'soap',
  label: 'SOAP',
  document_id: 10,
  number: null,
  expires_on: '2026-11-20',
  days_left: -7,
  status: 'vencido',
  required: true,
  has_file: false,
  ...overrides,
});

function serveExpiries(expiries: Expiry[], retirements: ExpiriesResponse['retirements'] = []) {
  server.use(http.get(`${API}/expiries`, () => HttpResponse.json({ today: '2026-11-27', window_days: 60, expiries, retirements })));
}

/** The vehicle card (list item) of a plate. */
function card(plate: string) {
  return within(screen.getByRole('list', { name: 'Vehículos' })).getByText(plate).closest('li') as HTMLElement;
}

describe('the cards’ badges', () => {
  it('name one expired document, count several, show the nearest due within 30 days, and a taxi’s retirement', async () => {
    serveExpiries(
      [
        expiry({}),
        expiry({ vehicle_id: 3, name: 'AB1234', kind: 'revision_tecnica', label: 'Revisión técnica', expires_on: '2026-11-01', days_left: -26 }),
        expiry({ vehicle_id: 3, name: 'AB1234', kind: 'permiso_circulacion', label: 'Permiso de circulación', expires_on: '2026-10-31', days_left: -27 }),
        expiry({ vehicle_id: 2, name: 'GHJK34', kind: 'seguro', label: 'Seguro', expires_on: '2026-12-10', days_left: 13, status: 'por_vencer', required: false }),
        expiry({ vehicle_id: 2, name: 'GHJK34', kind: 'rnstp', label: 'Inscripción RNSTP', expires_on: '2027-01-20', days_left: 54, status: 'por_vencer' }),
      ],
      [{ vehicle_id: 2, plate_number: 'GHJK34', year: 2013, retires_on: '2027-03-01', days_left: 94 }],
    );
    renderApp('/dashboard/vehicles', { signedIn: true });
    await screen.findByRole('list', { name: 'Vehículos' }, SLOW);
    await waitFor(() => expect(card('BCDF12')).toHaveTextContent('Vencido: SOAP'));
    expect(card('AB1234')).toHaveTextContent('2 documentos vencidos');
    const gray = card('GHJK34');
    expect(gray).toHaveTextContent('Seguro vence el 10/12/2026');
    // 54 days away is for Vencimientos, not the card.
    expect(gray).not.toHaveTextContent('Inscripción RNSTP');
    expect(gray).toHaveTextContent('Retiro: 01/03/2027');
  });

  it('show nothing on a card whose documents are in order, and a driver’s on the driver’s card', async () => {
    serveExpiries([expiry({ subject: 'driver', vehicle_id: null, driver_id: 2, name: 'Ana Soto', kind: 'licencia', label: 'Licencia profesional', document_id: 11 })]);
    renderApp('/dashboard/drivers', { signedIn: true });
    const ana = (await screen.findByRole('heading', { level: 2, name: 'Ana Soto' }, SLOW)).closest('li') as HTMLElement;
    await waitFor(() => expect(ana).toHaveTextContent('Vencido: Licencia profesional'));
    const juan = screen.getByRole('heading', { level: 2, name: 'Juan Pérez' }).closest('li') as HTMLElement;
    expect(juan).not.toHaveTextContent('Vencido');
  });
});

describe('Requiere atención', () => {
  it('lists the documents expired or due within 30 days, each with a link to Vencimientos; not a licence typed on the driver', async () => {
    serveExpiries([
      expiry({}),
      expiry({ vehicle_id: 2, name: 'GHJK34', kind: 'seguro', label: 'Seguro', expires_on: '2026-12-10', days_left: 13, status: 'por_vencer' }),
      expiry({ vehicle_id: 2, name: 'GHJK34', kind: 'rnstp', label: 'Inscripción RNSTP', expires_on: '2027-01-20', days_left: 54, status: 'por_vencer' }),
      // A licence date typed on the driver (no document): the dashboard lists those itself.
      expiry({ subject: 'driver', vehicle_id: null, driver_id: 2, name: 'Ana Soto', kind: 'licencia', label: 'Licencia profesional', document_id: null }),
    ]);
    const { user, router } = renderApp('/dashboard', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Documentos vencidos o por vencer' }, SLOW);
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.flota-attention__text')?.textContent)).toEqual([
      'SOAP de vehículo BCDF12: venció el 20/11/2026 (hace 7 días)',
      'Seguro de vehículo GHJK34: vence el 10/12/2026 (en 13 días)',
    ]);
    await user.click(within(list).getByRole('link', { name: 'Ver vencimientos: Seguro de GHJK34' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/expiries'));
  });
});
