/**
 * Zonas (Dueño and Administrador): the fleet's zones listed, a shape drawn and saved with its fields,
 * a zone edited (its shape back on the map with handles, its fields in the form) and deleted, the
 * server's Spanish refusals, and the Operador kept out. The drawing tool is terra-draw's stand-in
 * (src/testing/terraDrawStandIn.ts): a test finishes a shape as the clicks on the map would.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Zone, ZoneRequest } from '../../../contract/alerts';
import { circleRing } from '../../lib/map/zoneGeometry';
import { deskUser } from '../../testing/deskRoles';
import { makeZone } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { renderApp } from '../../testing/renderApp';
import { terraDrawStandIn } from '../../testing/terraDrawStandIn';

const SLOW = { timeout: 10_000 };
const SQUARE: [number, number][] = [[-71.23, -32.45], [-71.22, -32.45], [-71.22, -32.44], [-71.23, -32.44], [-71.23, -32.45]];

/** A zone as the server lists it: a square unless told otherwise. */
const zone = (overrides: Partial<Zone>) => makeZone({ geometry: { type: 'Polygon', coordinates: [SQUARE] }, ...overrides });

/** The zones' side of the fake server, recording what the page sent. */
function serveZones(initial: Zone[]) {
  let zones = [...initial];
  const sent: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get(`${API}/zones`, () => HttpResponse.json({ zones, limits: { max_zones: 500, max_vertices: 500 } })),
    http.get(`${API}/alert-rules`, () => HttpResponse.json({ rules: [] })),
    http.post(`${API}/zones`, async ({ request }) => {
      const body = (await request.json()) as ZoneRequest;
      sent.push({ method: 'POST', path: '/zones', body });
      const created = zone({ ...body, id: 50 + zones.length } as Partial<Zone>);
      zones = [...zones, created];
      return HttpResponse.json({ zone: created }, { status: 201 });
    }),
    http.put(`${API}/zones/:id`, async ({ request, params }) => {
      const body = (await request.json()) as ZoneRequest;
      sent.push({ method: 'PUT', path: `/zones/${params.id}`, body });
      const updated = zone({ ...body, id: Number(params.id) } as Partial<Zone>);
      zones = zones.map((z) => (z.id === updated.id ? updated : z));
      return HttpResponse.json({ zone: updated });
    }),
    http.delete(`${API}/zones/:id`, ({ params }) => {
      sent.push({ method: 'DELETE', path: `/zones/${params.id}` });
      zones = zones.filter((z) => z.id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return sent;
}

const zonesList = () => screen.getByRole('heading', { name: 'Zonas de la flota' }).nextElementSibling as HTMLElement;
const listed = () => within(zonesList()).getAllByRole('listitem').map((item) => item.textContent?.replace(/EditarEliminar$/, ''));

async function openZones() {
  const view = renderApp('/dashboard/zones', { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Zonas' }, SLOW);
  // The drawing tools wait for the map.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Dibujar polígono' })).toBeEnabled(), SLOW);
  return view;
}

describe('Zonas: the list', () => {
  it('shows each zone with its kind, speed limit, dwell time and active hours', async () => {
    serveZones([
      zone({}),
      zone({ id: 2, name: 'Terminal', kind: 'terminal', geometry: { type: 'Point', coordinates: [-71.2, -32.4] }, radius_m: 300, speed_limit_kmh: 30, dwell_minutes: 20, active_hours: { from: '22:00', to: '06:00' } }),
    ]);
    await openZones();
    await waitFor(() => expect(listed()).toEqual(['Plaza de Armas · Paradero', 'Terminal · Terminal o aeropuerto · 30 km/h · 20 min · 22:00–06:00']));
  });

  it('says Cargando... while the zones load, then that there are none and how to add one', async () => {
    serveZones([]);
    server.use(
      http.get(`${API}/zones`, async () => {
        await delay(150);
        return HttpResponse.json({ zones: [], limits: { max_zones: 500, max_vertices: 500 } });
      }),
    );
    renderApp('/dashboard/zones', { signedIn: true });
    await screen.findByRole('heading', { name: 'Zonas de la flota' }, SLOW);
    expect(screen.getByText('Cargando...')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Aún no hay zonas: dibuja la primera en el mapa o importa un archivo GeoJSON.')).toBeInTheDocument();
  });

  it('says the zones could not be loaded, and Reintentar asks again', async () => {
    serveZones([zone({})]);
    let failures = 1;
    server.use(http.get(`${API}/zones`, () => (failures-- > 0 ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : undefined)));
    const { user } = renderApp('/dashboard/zones', { signedIn: true });
    expect(await screen.findByText('No se pudieron cargar las zonas.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/^Aún no hay zonas/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(listed()).toEqual(['Plaza de Armas · Paradero']));
  });

  it('offers the fleet’s taxis to the rules below', async () => {
    serveZones([]);
    await openZones();
    const taxis = await screen.findByRole('group', { name: 'Taxis (ninguno marcado: todos)' });
    expect(within(taxis).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent?.trim())).toEqual(['BCDF12', 'GHJK34', 'AB1234']);
  });
});

describe('Zonas: drawing and saving', () => {
  it('draws a polygon, names it and saves it with its fields; nothing can be saved before a shape', async () => {
    const sent = serveZones([]);
    const { user } = await openZones();
    const form = screen.getByRole('form', { name: 'Nueva zona' });
    expect(within(form).getByText('Dibuja la forma en el mapa.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Guardar zona' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Dibujar polígono' }));
    expect(screen.getByRole('button', { name: 'Dibujar polígono' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Haz clic en cada vértice y en el primero para cerrar.')).toBeInTheDocument();
    expect(terraDrawStandIn.current?.mode).toBe('polygon');
    act(() => terraDrawStandIn.current?.finish(SQUARE, 'polygon'));
    expect(within(form).getByText('Polígono de 4 vértices dibujado.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Nombre'), 'Plaza E2E');
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'Zona restringida');
    await user.type(within(form).getByLabelText('Límite de velocidad (km/h, opcional)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    expect(await screen.findByText('Zona «Plaza E2E» guardada.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/zones',
        body: { name: 'Plaza E2E', kind: 'zona_restringida', color: '#2563eb', speed_limit_kmh: 30, dwell_minutes: null, active_hours: null, geometry: { type: 'Polygon', coordinates: [SQUARE] }, radius_m: null },
      },
    ]);
    await waitFor(() => expect(listed()).toEqual(['Plaza E2E · Zona restringida · 30 km/h']));
    // A fresh form for the next zone.
    expect(within(screen.getByRole('form', { name: 'Nueva zona' })).getByLabelText('Nombre')).toHaveValue('');
  });

  it('draws a circle, active only at night (wrapping past midnight)', async () => {
    const sent = serveZones([]);
    const { user } = await openZones();
    await user.click(screen.getByRole('button', { name: 'Dibujar círculo' }));
    expect(screen.getByText('Arrastra desde el centro hasta el radio, o haz clic en el centro y otra vez en el radio.')).toBeInTheDocument();
    act(() => terraDrawStandIn.current?.finish(circleRing([-71.2264, -32.4519], 300), 'circle'));
    const form = screen.getByRole('form', { name: 'Nueva zona' });
    expect(within(form).getByText('Círculo de 300 m dibujado.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Nombre'), 'Terminal nocturno');
    await user.click(within(form).getByLabelText('Activa solo en un horario'));
    expect(within(form).getByLabelText('Desde')).toHaveValue('08:00');
    await user.clear(within(form).getByLabelText('Desde'));
    await user.type(within(form).getByLabelText('Desde'), '22:00');
    await user.clear(within(form).getByLabelText('Hasta'));
    await user.type(within(form).getByLabelText('Hasta'), '06:00');
    await user.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    await screen.findByText('Zona «Terminal nocturno» guardada.');
    expect(sent[0].body).toMatchObject({ name: 'Terminal nocturno', kind: 'paradero', active_hours: { from: '22:00', to: '06:00' }, radius_m: 300, geometry: { type: 'Point' } });
    const [lng, lat] = (sent[0].body as ZoneRequest).geometry.coordinates as number[];
    expect([lng, lat].map((value) => value.toFixed(4))).toEqual(['-71.2264', '-32.4519']);
  });

  it('shows the server’s Spanish refusal in the form, saves nothing and keeps the drawn shape', async () => {
    serveZones([]);
    server.use(http.post(`${API}/zones`, () => HttpResponse.json({ error: 'El polígono se cruza consigo mismo' }, { status: 400 })));
    const { user } = await openZones();
    await user.click(screen.getByRole('button', { name: 'Dibujar polígono' }));
    act(() => terraDrawStandIn.current?.finish(SQUARE, 'polygon'));
    const form = screen.getByRole('form', { name: 'Nueva zona' });
    await user.type(within(form).getByLabelText('Nombre'), 'Cruzada');
    await user.click(within(form).getByRole('button', { name: 'Guardar zona' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('El polígono se cruza consigo mismo');
    expect(within(form).getByText('Polígono de 4 vértices dibujado.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Cruzada');
    expect(screen.getByText(/^Aún no hay zonas/)).toBeInTheDocument();
  });
});

describe('Zonas: editing and deleting', () => {
  const plaza = zone({ id: 7, name: 'Plaza Vieja', speed_limit_kmh: 40 });
  // jsdom has no scrollIntoView; a test that watches it puts one on, and it goes after.
  afterEach(() => Reflect.deleteProperty(Element.prototype, 'scrollIntoView'));

  it('Editar puts the zone’s shape on the map with handles and its fields in the form; a drag and a change are saved', async () => {
    const sent = serveZones([plaza]);
    const { user } = await openZones();
    // jsdom lays nothing out: which element Editar scrolls into view is what can be seen here.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    await user.click(await screen.findByRole('button', { name: 'Editar Plaza Vieja' }));
    // The map (with its drawing tools) is brought into view: on a phone the list sits far below it.
    expect(scrolled.map((element) => element.querySelector('[role="toolbar"]')?.getAttribute('aria-label'))).toEqual(['Dibujar']);
    const form = screen.getByRole('form', { name: 'Editar zona «Plaza Vieja»' });
    expect(within(form).getByLabelText('Nombre')).toHaveValue('Plaza Vieja');
    expect(within(form).getByLabelText('Límite de velocidad (km/h, opcional)')).toHaveValue('40');
    expect(within(form).getByText('Polígono de 4 vértices. Arrastra sus vértices o la forma entera en el mapa.')).toBeInTheDocument();
    const draw = terraDrawStandIn.current;
    expect(draw?.mode).toBe('select');
    expect(draw?.selected && draw.features.get(draw.selected)?.geometry.coordinates[0]).toEqual(SQUARE);

    // A midpoint dragged out: a fifth vertex.
    const five = [SQUARE[0], [-71.225, -32.452], ...SQUARE.slice(1)];
    act(() => draw?.finish(five, 'polygon'));
    expect(within(form).getByText(/^Polígono de 5 vértices\./)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Permanencia máxima (minutos, opcional)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Zona «Plaza Vieja» guardada.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', path: '/zones/7', body: { name: 'Plaza Vieja', kind: 'paradero', color: '#16a34a', speed_limit_kmh: 40, dwell_minutes: 30, active_hours: null, geometry: { type: 'Polygon', coordinates: [five] }, radius_m: null } },
    ]);
    expect(screen.getByRole('form', { name: 'Nueva zona' })).toBeInTheDocument();
    await waitFor(() => expect(listed()).toEqual(['Plaza Vieja · Paradero · 40 km/h · 30 min']));
  });

  it('Cancelar edición leaves the zone as it was and sends nothing', async () => {
    const sent = serveZones([plaza]);
    const { user } = await openZones();
    await user.click(await screen.findByRole('button', { name: 'Editar Plaza Vieja' }));
    const form = screen.getByRole('form', { name: 'Editar zona «Plaza Vieja»' });
    await user.clear(within(form).getByLabelText('Nombre'));
    await user.type(within(form).getByLabelText('Nombre'), 'Otra');
    await user.click(within(form).getByRole('button', { name: 'Cancelar edición' }));
    expect(within(screen.getByRole('form', { name: 'Nueva zona' })).getByLabelText('Nombre')).toHaveValue('');
    expect(terraDrawStandIn.current?.features.size).toBe(0);
    expect(sent).toEqual([]);
    expect(listed()).toEqual(['Plaza Vieja · Paradero · 40 km/h']);
  });

  it('Eliminar removes the zone and says so; a refusal is said in Spanish and the zone stays', async () => {
    const sent = serveZones([plaza, zone({ id: 8, name: 'Terminal' })]);
    const { user } = await openZones();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Plaza Vieja' }));
    expect(await screen.findByText('Zona «Plaza Vieja» eliminada.')).toBeInTheDocument();
    await waitFor(() => expect(listed()).toEqual(['Terminal · Paradero']));
    expect(sent).toEqual([{ method: 'DELETE', path: '/zones/7' }]);

    server.use(http.delete(`${API}/zones/:id`, () => HttpResponse.json({ error: 'Zona no encontrada' }, { status: 404 })));
    await user.click(screen.getByRole('button', { name: 'Eliminar Terminal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zona no encontrada');
    expect(listed()).toEqual(['Terminal · Paradero']);
  });
});

describe('Zonas: who may open it', () => {
  it('sends the Operador to the dashboard, and his sidebar has no Zonas', async () => {
    deskUser('operador');
    serveZones([zone({})]);
    const { router } = renderApp('/dashboard/zones', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de Control' }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(within(screen.getByRole('navigation', { name: 'Navegación principal' })).queryByRole('link', { name: 'Zonas' })).not.toBeInTheDocument();
  });

  it('lets the Administrador draw', async () => {
    deskUser('administrador');
    serveZones([]);
    await openZones();
    expect(screen.getByRole('form', { name: 'Nueva zona' })).toBeInTheDocument();
  });
});
