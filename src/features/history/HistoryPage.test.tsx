import { createElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RouteGeometry } from './routeGeo';
import { makeShift } from '../../testing/fixtures';
import { API, historyQueries } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';

// The real map needs WebGL: the lazy map module shows the route it was given as text instead.
jest.mock('./RouteMap', () => ({
  __esModule: true,
  default: ({ route }: { route: RouteGeometry }) => createElement('pre', null, JSON.stringify(route)),
}));

const EMPTY_TEXT = 'No se encontraron turnos con los filtros seleccionados.';

beforeEach(() => {
  historyQueries.splice(0);
});

/** Opens the history as a signed-in user and waits for the table. */
async function openHistory(path = '/dashboard/history') {
  const app = renderApp(path, { signedIn: true });
  await screen.findByRole('table');
  return app;
}

/** The text of each cell of each body row. */
function tableRows() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

const sentQueries = () => historyQueries.map((query) => query.toString());

/**
 * Holds the requests to `path` until release() (then the default handler answers them), so that a
 * loading text is surely on screen when the test looks for it, however busy the machine is.
 */
function holdRequests(path: string): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(path, async () => {
      await released;
    }),
  );
  return release;
}

describe('Historial de Turnos', () => {
  it('shows the filters, Cargando historial... and then every shift formatted as the spec asks', async () => {
    const release = holdRequests(`${API}/shifts/history`);
    renderApp('/dashboard/history', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial de Turnos' })).toBeInTheDocument();
    expect(await screen.findByText('Cargando historial...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('combobox', { name: 'Conductor' })).toHaveValue('');
    expect(screen.getByLabelText('Fecha Inicio')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Fecha Fin')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpiar' })).toBeInTheDocument();

    release();
    await screen.findByRole('table');
    expect(screen.queryByText('Cargando historial...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Conductor', 'Vehículo', 'Inicio', 'Fin', 'Duración', 'Estado', 'Recorrido']);
    expect(tableRows()).toEqual([
      ['Juan Pérez12.531.909-2', 'BCDF12', '21/11/2026 08:00', '-', 'En curso', 'Activo', 'Ver recorrido'],
      ['Ana Soto76.086.428-5', 'Sin vehículo', '20/11/2026 22:30', '21/11/2026 06:35', '8h 5m', 'Finalizado', 'Ver recorrido'],
      ['Juan Pérez12.531.909-2', 'BCDF12', '15/11/2026 09:00', '15/11/2026 10:05', '1h 5m', 'Finalizado', 'Ver recorrido'],
      ['Ana Soto76.086.428-5', 'GHJK34', '01/11/2026 07:00', '02/11/2026 08:00', '25h 0m', 'Finalizado', 'Ver recorrido'],
      ['Pedro González11.111.111-1', 'AB1234', '28/10/2026 12:00', '28/10/2026 12:00', '0h 0m', 'Finalizado', 'Ver recorrido'],
      ['Juan Pérez12.531.909-2', 'BCDF12', '05/10/2026 14:00', '05/10/2026 18:30', '4h 30m', 'Finalizado', 'Ver recorrido'],
    ]);
    expect(screen.getByText('Mostrando 6 turno(s).')).toBeInTheDocument();
    // 8h 5m + 1h 5m + 25h + 40 s + 4h 30m: the shift in course adds nothing.
    expect(screen.getByText('Total: 38h 40m')).toHaveAttribute('title', expect.stringContaining('en curso no se cuentan'));
    expect(sentQueries()).toEqual(['']);
  });

  it('offers Todos los conductores and each driver by first and last name', async () => {
    await openHistory();
    const select = screen.getByRole('combobox', { name: 'Conductor' });
    await within(select).findByRole('option', { name: 'Juan Pérez' });
    expect(within(select).getAllByRole('option').map((option) => [option.textContent, option.getAttribute('value')])).toEqual([
      ['Todos los conductores', ''],
      ['Ana Soto', '2'],
      ['Juan Pérez', '1'],
    ]);
  });

  it('searches only on Buscar, sending just the filled filters and keeping them in the URL', async () => {
    const { user, router } = await openHistory();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Conductor' }), await screen.findByRole('option', { name: 'Juan Pérez' }));
    expect(screen.getByText('Mostrando 6 turno(s).')).toBeInTheDocument();
    expect(sentQueries()).toEqual(['']);

    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Mostrando 3 turno(s).')).toBeInTheDocument();
    expect(sentQueries()).toEqual(['', 'driver_id=1']);
    expect(router.state.location.search).toBe('?driver_id=1');
    expect(screen.getByText('Total: 5h 35m')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Fecha Inicio'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Mostrando 2 turno(s).')).toBeInTheDocument();
    expect(sentQueries()).toEqual(['', 'driver_id=1', 'driver_id=1&start_date=2026-11-01']);
    expect(historyQueries[2].has('end_date')).toBe(false);
    expect(router.state.location.search).toBe('?driver_id=1&start_date=2026-11-01');
  });

  it('searches on Enter in the form, with only the end date', async () => {
    const { user } = await openHistory();
    await user.type(screen.getByLabelText('Fecha Fin'), '2026-11-01{Enter}');
    expect(await screen.findByText('Mostrando 3 turno(s).')).toBeInTheDocument();
    expect(sentQueries()).toEqual(['', 'end_date=2026-11-01']);
  });

  it('opens a shared link with its filters filled in and requested', async () => {
    await openHistory('/dashboard/history?driver_id=2&start_date=2026-11-01');
    expect(screen.getByRole('combobox', { name: 'Conductor' })).toHaveValue('2');
    expect(screen.getByLabelText('Fecha Inicio')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Fecha Fin')).toHaveValue('');
    expect(screen.getByText('Mostrando 2 turno(s).')).toBeInTheDocument();
    expect(sentQueries()).toEqual(['driver_id=2&start_date=2026-11-01']);
  });

  it('Limpiar empties the fields and the URL and loads every shift again', async () => {
    const { user, router } = await openHistory('/dashboard/history?driver_id=2&start_date=2026-11-01&end_date=2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(await screen.findByText('Mostrando 6 turno(s).')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Conductor' })).toHaveValue('');
    expect(screen.getByLabelText('Fecha Inicio')).toHaveValue('');
    expect(screen.getByLabelText('Fecha Fin')).toHaveValue('');
    expect(router.state.location.search).toBe('');
    expect(sentQueries()).toEqual(['driver_id=2&start_date=2026-11-01&end_date=2026-11-30', '']);
  });

  it('Limpiar without applied filters still empties the fields and reloads', async () => {
    const { user } = await openHistory();
    await user.type(screen.getByLabelText('Fecha Inicio'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(sentQueries()).toEqual(['', '']));
    expect(await screen.findByText('Mostrando 6 turno(s).')).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha Inicio')).toHaveValue('');
  });

  it('refuses an end date before the start date, next to Fecha Fin, and sends nothing', async () => {
    const { user, router } = await openHistory();
    await user.type(screen.getByLabelText('Fecha Inicio'), '2026-11-10');
    await user.type(screen.getByLabelText('Fecha Fin'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByLabelText('Fecha Fin')).toHaveAccessibleDescription('La Fecha Fin no puede ser anterior a la Fecha Inicio');
    expect(screen.getByLabelText('Fecha Fin')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    expect(sentQueries()).toEqual(['']);
    expect(screen.getByText('Mostrando 6 turno(s).')).toBeInTheDocument();
  });

  it('shows the error of a link whose dates are reversed, without asking the server', async () => {
    renderApp('/dashboard/history?start_date=2026-11-10&end_date=2026-11-01', { signedIn: true });
    expect(await screen.findByText('La Fecha Fin no puede ser anterior a la Fecha Inicio')).toBeInTheDocument();
    expect(screen.getByText(EMPTY_TEXT)).toBeInTheDocument();
    await within(screen.getByRole('combobox', { name: 'Conductor' })).findByRole('option', { name: 'Ana Soto' });
    expect(sentQueries()).toEqual([]);
  });

  it('shows the empty text when nothing matches', async () => {
    const { user } = await openHistory();
    await user.type(screen.getByLabelText('Fecha Inicio'), '2027-01-01');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  });

  it('shows the empty text, no alert and a line to retry, when the history fails to load', async () => {
    server.use(http.get(`${API}/shifts/history`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 })));
    renderApp('/dashboard/history', { signedIn: true });
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Error interno del servidor')).not.toBeInTheDocument();
    expect(screen.getByText('No se pudo cargar el historial de turnos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('says when the server sent only the most recent 1000 of more shifts', async () => {
    const shifts = Array.from({ length: 1000 }, (_, index) => makeShift({ id: index + 1 }));
    server.use(http.get(`${API}/shifts/history`, () => HttpResponse.json({ shifts, count: 1000, total: 18250, limited: true })));
    await openHistory();
    expect(screen.getByText('Mostrando los 1.000 turnos más recientes de 18.250. Acota los filtros para ver el resto.')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1000 turno(s).')).toBeInTheDocument();
  });

  it('says nothing about a limit when every shift came', async () => {
    await openHistory();
    expect(screen.queryByText(/más recientes/)).not.toBeInTheDocument();
  });
});

describe('Exportar CSV', () => {
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:historial');
  const revokeObjectURL = jest.fn();
  let downloads: { href: string; download: string }[];

  beforeEach(() => {
    // jsdom has no object URLs, and does not download: record what would have been saved.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    downloads = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('downloads the shown rows as a CSV file named with the date', async () => {
    const { user } = await openHistory('/dashboard/history?driver_id=2');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    expect(downloads).toEqual([{ href: 'blob:historial', download: expect.stringMatching(/^historial-turnos-\d{4}-\d{2}-\d{2}\.csv$/) }]);
    const blob = createObjectURL.mock.calls[0][0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // Blob.text() would drop the BOM: decode the bytes as they are.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe(
      '\uFEFFConductor;RUT;Vehículo;Inicio;Fin;Duración;Estado\r\n' +
        'Ana Soto;76.086.428-5;Sin vehículo;20/11/2026 22:30;21/11/2026 06:35;8h 5m;Finalizado\r\n' +
        'Ana Soto;76.086.428-5;GHJK34;01/11/2026 07:00;02/11/2026 08:00;25h 0m;Finalizado\r\n',
    );
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:historial');
  });
});

describe('Ver recorrido', () => {
  it('opens the route of a finished shift on a map, from Inicio to Fin, and closes with Escape', async () => {
    const { user } = await openHistory();
    const row = screen.getByRole('row', { name: /15\/11\/2026 09:00/ });
    const open = within(row).getByRole('button', { name: 'Ver recorrido' });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Recorrido de Juan Pérez' });
    expect(within(dialog).getByText('15/11/2026 09:00 – 15/11/2026 10:05 · BCDF12')).toBeInTheDocument();
    const route = JSON.parse((await within(dialog).findByText(/LineString/)).textContent as string) as RouteGeometry;
    expect(route.line.geometry.coordinates).toEqual([
      [-71.2264, -32.4519],
      [-71.2301, -32.4475],
      [-71.2355, -32.4402],
    ]);
    expect(route.ends.map((end) => end.label)).toEqual(['Inicio', 'Fin']);
    expect(route.bounds).toEqual([
      [-71.2355, -32.4519],
      [-71.2264, -32.4402],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('ends an active shift at its Última posición', async () => {
    const { user } = await openHistory();
    await user.click(within(screen.getByRole('row', { name: /21\/11\/2026 08:00/ })).getByRole('button', { name: 'Ver recorrido' }));
    const dialog = screen.getByRole('dialog', { name: 'Recorrido de Juan Pérez' });
    expect(within(dialog).getByText(/En curso/)).toBeInTheDocument();
    const route = JSON.parse((await within(dialog).findByText(/LineString/)).textContent as string) as RouteGeometry;
    expect(route.ends.map((end) => end.label)).toEqual(['Inicio', 'Última posición']);
  });

  it('says Sin recorrido registrado for a shift without points, and closes with Cerrar', async () => {
    const { user } = await openHistory();
    const release = holdRequests(`${API}/shifts/:id/locations`);
    await user.click(within(screen.getByRole('row', { name: /20\/11\/2026 22:30/ })).getByRole('button', { name: 'Ver recorrido' }));
    const dialog = screen.getByRole('dialog', { name: 'Recorrido de Ana Soto' });
    expect(within(dialog).getByText('Cargando recorrido...')).toBeInTheDocument();
    release();
    expect(await within(dialog).findByText('Sin recorrido registrado')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
