/**
 * Reportes as a user sees it (whole app, MSW answers): the week by driver with its totals row,
 * a switch of period and grouping asks the server again, the drill-down to a driver's days and a
 * day's shifts with the replay link, an Operador never reaches the screen.
 */
import { createElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReportDayRow, ReportGroup, ReportMetrics, ReportResponse, ReportShift } from '../../../contract/reports';
import { API } from '../../testing/apiEdge';
import { demoUser } from '../../testing/fixtures';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';
import type { ChartData } from './chartData';

// uPlot draws on a canvas jsdom lacks: the lazy chart shows the series it was given as text.
jest.mock('./ReportChart', () => ({
  __esModule: true,
  default: ({ data }: { data: ChartData }) => createElement('pre', { 'data-testid': 'chart' }, JSON.stringify({ total: data.total, series: data.series.map((s) => s.name) })),
}));

const metrics = (shifts: number, km: number, hours: number, fares = 0, estimated = 0): ReportMetrics => ({
  shifts,
  open_shifts: 0,
  summarized_shifts: shifts,
  shift_seconds: hours * 3600,
  moving_seconds: hours * 1800,
  stopped_seconds: hours * 1800,
  distance_km: km,
  stops: shifts * 4,
  trips: shifts * 6,
  max_speed_kmh: 84.6,
  fares_pesos: fares,
  estimated_fares_pesos: estimated,
});

const queries: Record<string, URLSearchParams[]> = { report: [], daily: [], shifts: [] };

function reportFor(params: URLSearchParams): ReportResponse {
  const group = (params.get('group') ?? 'driver') as ReportGroup;
  const rows =
    group === 'driver'
      ? [
          // The driver view has fares recorded (issue 35); the vehicle view's period has none.
          { id: 11, name: 'Ana Rojas', ...metrics(5, 812.4, 50, 184_500, 4_350), offers: { received: 12, accepted: 9, declined: 1, unanswered: 2 } },
          { id: 12, name: 'Beto Soto', ...metrics(3, 402.15, 30.5), offers: { received: 4, accepted: 1, declined: 3, unanswered: 0 } },
        ]
      : [{ id: 21, name: 'ABCD12', ...metrics(8, 1214.55, 80.5) }];
  // By driver, the server counts each one's offers (issue 38); by vehicle it has none.
  const totals = group === 'driver' ? { ...metrics(8, 1214.55, 80.5, 184_500, 4_350), offers: { received: 16, accepted: 10, declined: 4, unanswered: 2 } } : metrics(8, 1214.55, 80.5);
  return { from: params.get('from')!, to: params.get('to')!, group, time_zone: 'America/Santiago', rows, totals, generated_at: '2026-11-20T12:00:00.000Z' };
}

const day = (date: string, km: number): ReportDayRow => ({ date, id: 11, name: 'Ana Rojas', ...metrics(1, km, 10) });
const shift: ReportShift = {
  id: 901,
  date: '2026-11-17',
  start_time: '2026-11-17T11:00:00.000Z',
  end_time: '2026-11-17T21:00:00.000Z',
  driver_id: 11,
  driver_name: 'Ana Rojas',
  vehicle_id: 21,
  plate_number: 'ABCD12',
  summarized: true,
  shift_seconds: 36_000,
  moving_seconds: 18_000,
  distance_km: 160.2,
  stops: 4,
  trips: 6,
  max_speed_kmh: 84.6,
  fares_pesos: 0,
  estimated_fares_pesos: 0,
};

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-19T15:00:00'), doNotFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearImmediate', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  for (const list of Object.values(queries)) list.splice(0);
  server.use(
    http.get(`${API}/reports`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.report.push(params);
      return HttpResponse.json(reportFor(params));
    }),
    http.get(`${API}/reports/daily`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.daily.push(params);
      return HttpResponse.json({ from: params.get('from'), to: params.get('to'), group: 'driver', time_zone: 'America/Santiago', days: [day('2026-11-16', 150), day('2026-11-17', 160.2)] });
    }),
    http.get(`${API}/reports/shifts`, ({ request }) => {
      queries.shifts.push(new URL(request.url).searchParams);
      return HttpResponse.json({ shifts: [shift], limited: false });
    }),
  );
});
afterEach(() => jest.useRealTimers());

// The first test also loads the lazy screen's chunk: a busy machine takes seconds.
jest.setTimeout(30_000);

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

it('shows the week by driver with the totals row, and asks again for another period and grouping', async () => {
  const { user } = renderApp('/dashboard/reports', { signedIn: true });
  const table = await screen.findByRole('table', { name: /Reporte por conductor/ }, { timeout: 5000 });
  expect(queries.report[0].toString()).toBe('from=2026-11-16&to=2026-11-22&group=driver');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Conductor', 'Turnos', 'Horas de turno', 'Horas en movimiento', 'Kilómetros', 'Paradas', 'Viajes', 'Velocidad máxima (km/h)', 'Ingresos', 'Ingresos estimados',
    'Ofertas', 'Aceptadas', 'Rechazadas', 'Sin respuesta',
  ]);
  const ana = within(table).getByRole('rowheader', { name: 'Ana Rojas' }).closest('tr')!;
  expect(cells(ana)).toEqual(['5', '50h 0m', '25h 0m', '812,4', '20', '30', '85', '$184.500', '$4.350', '12', '9', '1', '2']);
  const beto = within(table).getByRole('rowheader', { name: 'Beto Soto' }).closest('tr')!;
  expect(cells(beto).slice(-6)).toEqual(['$0', '$0', '4', '1', '3', '0']);
  const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
  expect(cells(total)).toEqual(['8', '80h 30m', '40h 15m', '1.214,6', '32', '48', '85', '$184.500', '$4.350', '16', '10', '4', '2']);
  // A phone shows each row as a card, every figure beside its column's name (reports.css writes data-label before it).
  const headers = within(table).getAllByRole('columnheader').slice(1).map((h) => h.textContent);
  for (const row of [ana, total]) expect(within(row).getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual(headers);
  // Thursday 19: Friday to Sunday are still to come, not days of 0 km.
  const charts = await screen.findAllByTestId('chart');
  expect(charts[0]).toHaveTextContent('{"total":[150,160.2,0,0,null,null,null],"series":[]}');
  // Each driver on a chart of its own scale.
  const multiples = screen.getByRole('list', { name: 'Uno por uno, cada uno con su escala' });
  expect(within(multiples).getByRole('heading', { name: 'Ana Rojas' })).toBeInTheDocument();
  expect(within(multiples).getByTestId('chart')).toHaveTextContent('{"total":[150,160.2,0,0,null,null,null],"series":[]}');

  await user.click(screen.getByRole('button', { name: 'Mes' }));
  await waitFor(() => expect(queries.report.at(-1)?.toString()).toBe('from=2026-11-01&to=2026-11-30&group=driver'));
  await user.click(screen.getByRole('button', { name: '‹ Anterior' }));
  await waitFor(() => expect(queries.report.at(-1)?.toString()).toBe('from=2026-10-01&to=2026-10-31&group=driver'));
  await user.click(screen.getByRole('button', { name: 'Día' }));
  await waitFor(() => expect(queries.report.at(-1)?.toString()).toBe('from=2026-11-19&to=2026-11-19&group=driver'));

  await user.click(screen.getByRole('button', { name: 'Por vehículo' }));
  const byVehicle = await screen.findByRole('table', { name: /Reporte por vehículo/ });
  expect(queries.report.at(-1)?.get('group')).toBe('vehicle');
  expect(within(byVehicle).getAllByRole('columnheader')[0]).toHaveTextContent('Vehículo');
  // No fare recorded in this period: no income columns.
  expect(within(byVehicle).queryByRole('columnheader', { name: 'Ingresos' })).not.toBeInTheDocument();
  // Offers are a driver's: none by vehicle.
  expect(within(byVehicle).queryByRole('columnheader', { name: 'Ofertas' })).not.toBeInTheDocument();
  expect(within(byVehicle).getByRole('rowheader', { name: 'ABCD12' })).toBeInTheDocument();
});

it('draws, on screen and on paper, the control characters a name saved before they were refused holds', async () => {
  server.use(
    http.get(`${API}/reports`, ({ request }) => {
      const report = reportFor(new URL(request.url).searchParams);
      return HttpResponse.json({ ...report, rows: [{ ...report.rows[0], name: 'factura\u202Efdp.exe' }, { ...report.rows[1], name: 'Ana\r\nBcc: x@y.cl' }] });
    }),
  );
  renderApp('/dashboard/reports', { signedIn: true });
  const table = await screen.findByRole('table', { name: /Reporte por conductor/ }, { timeout: 5000 });
  expect(within(table).getByRole('rowheader', { name: 'factura[U+202E]fdp.exe' })).toBeInTheDocument();
  expect(within(table).getByRole('rowheader', { name: 'Ana␍␊Bcc: x@y.cl' })).toBeInTheDocument();
  // The offers' table, printed apart, names them the same way.
  const offers = screen.getByRole('table', { name: /Ofertas por conductor/ });
  expect(within(offers).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['factura[U+202E]fdp.exe', 'Ana␍␊Bcc: x@y.cl', 'Total']);
  expect(document.body.textContent).not.toMatch(/[\u202E\r]/);
});

it('a custom period sends the chosen days', async () => {
  const { user } = renderApp('/dashboard/reports', { signedIn: true });
  await screen.findByRole('table', { name: /Reporte por conductor/ }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Personalizado' }));
  fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-02' } });
  await waitFor(() => expect(queries.report.at(-1)?.toString()).toBe('from=2026-11-02&to=2026-11-22&group=driver'));
});

it("drills down from a driver to their days, from a day to its shifts, and links each shift's replay", async () => {
  const { user } = renderApp('/dashboard/reports', { signedIn: true });
  await screen.findByRole('table', { name: /Reporte por conductor/ }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Ana Rojas' }));
  const days = await screen.findByRole('table', { name: 'Días de Ana Rojas' }, { timeout: 5000 });
  expect(queries.daily.some((q) => q.get('driver_id') === '11')).toBe(true);
  expect(within(days).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['lun, 16 nov', 'mar, 17 nov']);

  await user.click(within(days).getByRole('button', { name: 'mar, 17 nov' }));
  const shifts = await screen.findByRole('table', { name: 'Turnos de Ana Rojas el mar, 17 nov' });
  expect(queries.shifts.at(-1)?.toString()).toBe('from=2026-11-17&to=2026-11-17&group=driver&driver_id=11');
  const row = within(shifts).getAllByRole('row')[1];
  expect(cells(row).slice(0, 4)).toEqual(['1', '10h 0m', '5h 0m', '160,2']);
  expect(within(row).getByRole('link', { name: /Reproducir/ })).toHaveAttribute('href', '/dashboard/history/901/replay');

  await user.click(screen.getByRole('button', { name: 'Volver a los días' }));
  expect(await screen.findByRole('table', { name: 'Días de Ana Rojas' })).toBeInTheDocument();
});

it('Reportes is in the sidebar for a Dueño; an Operador has no link and lands on the dashboard', async () => {
  const owner = renderApp('/dashboard/reports', { signedIn: true });
  expect(await screen.findByRole('link', { name: 'Reportes' }, { timeout: 5000 })).toHaveAttribute('href', '/dashboard/reports');
  owner.unmount();
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...demoUser, id: 7, role: 'operador' } })));
  const operator = renderApp('/dashboard/reports', { signedIn: true });
  await waitFor(() => expect(operator.router.state.location.pathname).toBe('/dashboard'));
  expect(screen.queryByRole('link', { name: 'Reportes' })).not.toBeInTheDocument();
});
