/** Vencimientos as the desk sees it: by date, "venció el" for a past date, filters, and the card's badge. */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Expiry, ExpiriesResponse } from '../../../contract/documents';
import { deskUser } from '../../testing/deskRoles';
import { captureDownloads } from '../../testing/downloads';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

const item = (overrides: Partial<Expiry>): Expiry => ({
  subject: 'vehicle',
  vehicle_id: 1,
  driver_id: null,
  name: 'KXWZ47',
  kind: 'revision_tecnica',
  label: 'Revisión técnica',
  document_id: 10,
  number: 'RT-1',
  expires_on: '2099-01-05',
  days_left: 5,
  status: 'por_vencer',
  required: true,
  has_file: true,
  ...overrides,
});

const answer: ExpiriesResponse = {
  today: '2098-12-31',
  window_days: 60,
  expiries: [
    item({ subject: 'driver', vehicle_id: null, driver_id: 7, name: 'Pedro Rojas', kind: 'licencia', label: 'Licencia profesional', document_id: null, number: 'A2-1', expires_on: '2020-10-18', days_left: -40, status: 'vencido', has_file: false }),
    item({}),
  ],
  retirements: [],
};

beforeEach(() => server.use(http.get(`${API}/expiries`, () => HttpResponse.json(answer))));

it('lists what expired and what expires, by date, a past date reading "venció el", and filters them', async () => {
  const { user } = renderApp('/dashboard/expiries', { signedIn: true });
  const licence = await screen.findByRole('row', { name: /Pedro Rojas/ }, { timeout: 15_000 });
  expect(licence).toHaveTextContent('venció el 18/10/2020 (hace 40 días)');
  expect(licence).not.toHaveTextContent('vence el');
  expect(within(licence).getByText('Vencido')).toBeInTheDocument();
  const technical = screen.getByRole('row', { name: /KXWZ47/ });
  expect(technical).toHaveTextContent('vence el 05/01/2099 (en 5 días)');
  expect(technical).toHaveTextContent('Revisión técnica · con archivo');
  await user.selectOptions(screen.getByLabelText('Estado'), 'Vencidos');
  expect(screen.queryByRole('row', { name: /KXWZ47/ })).not.toBeInTheDocument();
  expect(screen.getByRole('row', { name: /Pedro Rojas/ })).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Mostrar'), 'Vehículos');
  expect(await screen.findByText('Nada vencido ni por vencer en los próximos 60 días con estos filtros.')).toBeInTheDocument();
});

it('puts the badge on the vehicle’s card', async () => {
  renderApp('/dashboard/vehicles', { signedIn: true });
  expect(await screen.findByText('Revisión técnica vence el 05/01/2099', {}, { timeout: 15_000 })).toBeInTheDocument();
});

describe('the fleet’s settings, below the list', () => {
  it('lets the Dueño choose to only warn, change the reminders and set a maximum age', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put(`${API}/documents/settings`, async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json({ settings: body });
      }),
    );
    const { user } = renderApp('/dashboard/expiries', { signedIn: true });
    const form = await screen.findByRole('form', { name: 'Ajustes de vencimientos' }, { timeout: 15_000 });
    expect(within(form).getByLabelText('Avisar (días antes del vencimiento)')).toHaveValue('30, 15, 7, 1, 0');
    await user.selectOptions(within(form).getByLabelText('Un documento obligatorio vencido, en Despacho'), 'Solo advierte');
    const days = within(form).getByLabelText('Avisar (días antes del vencimiento)');
    await user.clear(days);
    await user.type(days, '15, 3, 0');
    await user.type(within(form).getByLabelText('Antigüedad máxima de un vehículo (años)'), '12');
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Ajustes de vencimientos guardados.')).toBeInTheDocument();
    expect(saved).toEqual([{ dispatch_mode: 'advertir', reminder_days: [15, 3, 0], reminder_hour: 9, window_days: 60, max_vehicle_age_years: 12 }]);
  });

  it('says in Spanish what is wrong with the days and sends nothing; shows the server’s refusal', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put(`${API}/documents/settings`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ error: 'Hora inválida' }, { status: 400 });
      }),
    );
    const { user } = renderApp('/dashboard/expiries', { signedIn: true });
    const form = await screen.findByRole('form', { name: 'Ajustes de vencimientos' }, { timeout: 15_000 });
    const days = within(form).getByLabelText('Avisar (días antes del vencimiento)');
    await user.clear(days);
    await user.type(days, '30, una semana');
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Escribe los días separados por coma');
    expect(saved).toEqual([]);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(form).getByRole('button', { name: 'Guardar ajustes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Hora inválida');
    expect(saved).toHaveLength(1);
  });
});

describe('the list’s states, its window and its export', () => {
  it('says Cargando vencimientos..., then that nothing expires in the window', async () => {
    server.use(
      http.get(`${API}/expiries`, async () => {
        await delay(150);
        return HttpResponse.json({ ...answer, expiries: [] });
      }),
    );
    renderApp('/dashboard/expiries', { signedIn: true });
    expect(await screen.findByText('Cargando vencimientos...', {}, { timeout: 15_000 })).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Nada vencido ni por vencer en los próximos 60 días con estos filtros.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();
  });

  it('says the list could not be loaded, and Reintentar asks again', async () => {
    let failures = 1;
    server.use(http.get(`${API}/expiries`, () => (failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : HttpResponse.json(answer))));
    const { user } = renderApp('/dashboard/expiries', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar los vencimientos.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('row', { name: /Pedro Rojas/ })).toBeInTheDocument();
  });

  it('asks the server for another window and says it in the heading', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${API}/expiries`, ({ request }) => {
        const days = new URL(request.url).searchParams.get('days');
        asked.push(days);
        return HttpResponse.json({ ...answer, window_days: days ? Number(days) : 60 });
      }),
    );
    const { user } = renderApp('/dashboard/expiries', { signedIn: true });
    await screen.findByRole('row', { name: /Pedro Rojas/ }, { timeout: 15_000 });
    await user.selectOptions(screen.getByLabelText('Próximos'), '90 días');
    expect(await screen.findByText('Documentos vencidos y por vencer en los próximos 90 días, por fecha')).toBeInTheDocument();
    expect(asked).toEqual([null, '90']);
  });

  it('shows each document also as a card (the phone’s layout), and the taxis past the fleet’s maximum age', async () => {
    server.use(http.get(`${API}/expiries`, () => HttpResponse.json({ ...answer, retirements: [{ vehicle_id: 4, plate_number: 'ZRSX33', year: 2012, retires_on: '2024-12-31', days_left: -700 }] })));
    renderApp('/dashboard/expiries', { signedIn: true });
    const cards = await screen.findByRole('list', { name: 'Vencimientos' }, { timeout: 15_000 });
    expect(within(cards).getAllByRole('listitem').map((card) => card.textContent)).toEqual([
      'Licencia profesionalVencidoConductor Pedro Rojas · N° A2-1venció el 18/10/2020 (hace 40 días)',
      'Revisión técnicaPor vencerVehículo KXWZ47 · N° RT-1vence el 05/01/2099 (en 5 días)',
    ]);
    expect(screen.getByRole('region', { name: 'Antigüedad máxima' })).toHaveTextContent('ZRSX33 (2012): debía retirarse el 31/12/2024');
  });

  it('exports what the filters show as Excel, named after the fleet’s day', async () => {
    const downloads = captureDownloads();
    try {
      const { user } = renderApp('/dashboard/expiries', { signedIn: true });
      await screen.findByRole('row', { name: /Pedro Rojas/ }, { timeout: 15_000 });
      await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
      await waitFor(() => expect(downloads.files.map((file) => file.name)).toEqual(['vencimientos-2098-12-31.xlsx']));
    } finally {
      downloads.restore();
    }
  });

  it('shows the Operador the list without the fleet’s settings', async () => {
    deskUser('operador');
    renderApp('/dashboard/expiries', { signedIn: true });
    await screen.findByRole('row', { name: /Pedro Rojas/ }, { timeout: 15_000 });
    await screen.findByText('Operador', { selector: '.flota-sidebar__role' });
    expect(screen.queryByRole('form', { name: 'Ajustes de vencimientos' })).not.toBeInTheDocument();
  });
});
