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

/** The filters each history request sent (its page, limit and offset, aside). */
const sentQueries = () =>
  historyQueries.map((query) => {
    const filters = new URLSearchParams(query);
    filters.delete('limit');
    filters.delete('offset');
    return filters.toString();
  });

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
    // Typed day first whatever the browser's language (DateField), not a native date input.
    expect(screen.getByLabelText('Fecha Inicio')).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(screen.getByLabelText('Fecha Fin')).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpiar' })).toBeInTheDocument();

    release();
    await screen.findByRole('table');
    expect(screen.queryByText('Cargando historial...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Conductor', 'Vehículo', 'Inicio', 'Fin', 'Duración', 'Estado', 'Recorrido']);
    expect(tableRows()).toEqual([
      ['Juan Pérez12.531.909-2', 'BCDF12', '21/11/2026 08:00', '-', 'En curso', 'Activo', 'Ver recorridoReproducir'],
      ['Ana Soto76.086.428-5', 'Sin vehículo', '20/11/2026 22:30', '21/11/2026 06:35', '8h 5m', 'Finalizado', 'Ver recorridoReproducir'],
      ['Juan Pérez12.531.909-2', 'BCDF12', '15/11/2026 09:00', '15/11/2026 10:05', '1h 5m', 'Finalizado', 'Ver recorridoReproducir'],
      ['Ana Soto76.086.428-5', 'GHJK34', '01/11/2026 07:00', '02/11/2026 08:00', '25h 0m', 'Finalizado', 'Ver recorridoReproducir'],
      ['Pedro González11.111.111-1', 'AB1234', '28/10/2026 12:00', '28/10/2026 12:00', '0h 0m', 'Finalizado', 'Ver recorridoReproducir'],
      ['Juan Pérez12.531.909-2', 'BCDF12', '05/10/2026 14:00', '05/10/2026 18:30', '4h 30m', 'Finalizado', 'Ver recorridoReproducir'],
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
    expect(screen.getByLabelText('Fecha Inicio')).toHaveValue('01/11/2026');
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

  it('asks for the first page and says of how many; Cargar más adds the next page until the last', async () => {
    const many = Array.from({ length: 130 }, (_, index) => makeShift({ id: 1000 - index, is_active: false, end_time: '2026-11-21T13:00:00.000Z', duration_seconds: 3600 }));
    server.use(
      http.get(`${API}/shifts/history`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        historyQueries.push(query);
        const limit = Number(query.get('limit'));
        const offset = Number(query.get('offset'));
        const page = many.slice(offset, offset + limit);
        const next = offset + limit < many.length ? offset + limit : null;
        return HttpResponse.json({ shifts: page, count: page.length, total: many.length, next_offset: next });
      }),
    );
    const { user } = await openHistory();
    expect(screen.getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('Mostrando 100 turno(s) de 130.')).toBeInTheDocument();
    expect(historyQueries.map((query) => [query.get('limit'), query.get('offset')])).toEqual([['100', '0']]);

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Mostrando 130 turno(s).')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(131);
    expect(historyQueries.map((query) => query.get('offset'))).toEqual(['0', '100']);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(screen.getByText('Total: 130h 0m')).toBeInTheDocument();
  }, 20_000);

  it('says "de más de" when the server stopped counting a long history', async () => {
    const first = Array.from({ length: 100 }, (_, index) => makeShift({ id: 5000 - index }));
    server.use(http.get(`${API}/shifts/history`, () => HttpResponse.json({ shifts: first, count: 100, total: 1100, total_exact: false, next_offset: 100 })));
    await openHistory();
    expect(await screen.findByText('Mostrando 100 turno(s) de más de 1.100.')).toBeInTheDocument();
  }, 20_000);

  it('keeps the rows on screen and offers Reintentar when the next page fails', async () => {
    const many = Array.from({ length: 150 }, (_, index) => makeShift({ id: 500 - index }));
    server.use(
      http.get(`${API}/shifts/history`, ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        if (offset > 0) return HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 });
        return HttpResponse.json({ shifts: many.slice(0, 100), count: 100, total: 150, next_offset: 100 });
      }),
    );
    const { user } = await openHistory();
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('No se pudieron cargar más turnos.')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 100 turno(s) de 150.')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(101);
  }, 20_000);

  it('filters by vehicle beside the driver, in the request and the URL', async () => {
    const { user, router } = await openHistory();
    const vehicle = screen.getByRole('combobox', { name: 'Vehículo' });
    await user.selectOptions(vehicle, await within(vehicle).findByRole('option', { name: 'GHJK34' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Mostrando 1 turno(s).')).toBeInTheDocument();
    expect(tableRows()[0][1]).toBe('GHJK34');
    expect(sentQueries()).toEqual(['', 'vehicle_id=2']);
    expect(router.state.location.search).toBe('?vehicle_id=2');
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

  it('downloads the server’s file of the applied filters, with the session’s token', async () => {
    const asked: { url: URL; auth: string | null }[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('history.csv')) asked.push({ url: new URL(request.url), auth: request.headers.get('Authorization') });
    });
    const { user } = await openHistory('/dashboard/history?driver_id=2&vehicle_id=2');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    server.events.removeAllListeners();
    expect(asked.map(({ url, auth }) => [url.pathname, url.search, auth])).toEqual([['/api/shifts/history.csv', '?driver_id=2&vehicle_id=2', 'Bearer test-token']]);
    expect(downloads).toEqual([{ href: 'blob:historial', download: 'historial-turnos-2026-11-24.csv' }]);
    const blob = createObjectURL.mock.calls[0][0];
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe('\uFEFFConductor;RUT;Vehículo\r\nAna Soto;760864285;GHJK34\r\n');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:historial');
  });

  it('says so when the export fails, and downloads nothing', async () => {
    server.use(http.get(`${API}/shifts/history.csv`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 })));
    const { user } = await openHistory();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('No se pudo exportar el historial. Error interno del servidor')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});

describe('Ver recorrido', () => {
  it('links each shift to its replay', async () => {
    await openHistory();
    const row = screen.getByRole('row', { name: /15\/11\/2026 09:00/ });
    expect(within(row).getByRole('link', { name: 'Reproducir turno de Juan Pérez' })).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\/history\/\d+\/replay$/));
  });

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
