import { act, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { delay, http, HttpResponse } from 'msw';
import type { Shift } from '../../../contract/entities';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import { makeShift } from '../../testing/fixtures';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { mapStandIn } from '../../testing/reactMapGlStandIn';
import { renderApp } from '../../testing/renderApp';
import type { TaxiFeatureCollection } from './map/mapGeo';
import { viewChanged } from './state/liveMapSlice';

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const hhmm = (iso: string) => dayjs(iso).format('HH:mm');
const hhmmss = (iso: string) => dayjs(iso).format('HH:mm:ss');

const START_1 = '2026-11-21T11:05:00.000Z';
const START_2 = '2026-11-21T12:40:00.000Z';
const START_3 = '2026-11-21T13:15:00.000Z';

function fleet(): Shift[] {
  return [
    makeShift({ id: 11, first_name: 'Juan', last_name: 'Pérez', plate_number: 'BCDF12', start_time: START_1, latitude: -32.45, longitude: -71.22, last_location_time: secondsAgo(20) }),
    makeShift({ id: 12, first_name: 'Ana', last_name: 'Soto', plate_number: null, start_time: START_2, latitude: null, longitude: null, last_location_time: null }),
    makeShift({ id: 13, first_name: 'Pedro', last_name: 'Rojas', plate_number: 'GHJK34', start_time: START_3, latitude: -32.40, longitude: -71.30, last_location_time: secondsAgo(5 * 60 + 10) }),
  ];
}

function serveShifts(shifts: Shift[]) {
  server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts, count: shifts.length })));
}

async function openMap(shifts: Shift[] = fleet()) {
  serveShifts(shifts);
  const sockets = fakeSocketFactory();
  const view = renderApp('/dashboard/map', { signedIn: true, createSocket: sockets.createSocket });
  await screen.findByRole('heading', { name: 'Conductores Activos' });
  act(() => sockets.last.simulateConnect());
  return { ...view, sockets };
}

const activeList = () => screen.getByRole('region', { name: 'Conductores Activos' });
const entries = () => within(activeList()).getAllByRole('button');
const panel = () => screen.getByRole('complementary', { name: 'Buscar taxi' });
const taxisOnMap = () => mapStandIn.sources.get('taxis') as TaxiFeatureCollection;
const selectedOnMap = () => mapStandIn.sources.get('taxi-selected') as TaxiFeatureCollection;

beforeEach(() => mapStandIn.reset());

describe('Mapa en Vivo', () => {
  it('shows Cargando mapa... while the snapshot loads', async () => {
    server.use(
      http.get(`${API}/shifts/active`, async () => {
        await delay(50);
        return HttpResponse.json({ shifts: fleet(), count: 3 });
      }),
    );
    renderApp('/dashboard/map', { signedIn: true });
    expect(await screen.findByText('Cargando mapa...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Conductores Activos' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando mapa...')).not.toBeInTheDocument();
  });

  it('has the header with a badge counting only drivers with a location', async () => {
    await openMap();
    expect(screen.getByRole('heading', { level: 1, name: 'Mapa en Vivo' })).toBeInTheDocument();
    expect(screen.getByText('2 conductores con ubicación')).toBeInTheDocument();
  });

  it('lists the active drivers with number, name, plate, start time and status', async () => {
    await openMap();
    const [juan, ana, pedro] = entries();
    expect(within(juan).getByText('#1')).toBeInTheDocument();
    expect(within(juan).getByText('Juan Pérez')).toBeInTheDocument();
    expect(within(juan).getByText('BCDF12')).toBeInTheDocument();
    expect(within(juan).getByText(`Desde: ${hhmm(START_1)}`)).toBeInTheDocument();
    expect(within(juan).getByText('🟢 En línea')).toBeInTheDocument();

    expect(within(ana).getByText('#2')).toBeInTheDocument();
    expect(within(ana).getByText('Sin vehículo')).toBeInTheDocument();
    expect(within(ana).getByText('⚪ Sin ubicación')).toBeInTheDocument();

    expect(within(pedro).getByText('#3')).toBeInTheDocument();
    expect(within(pedro).getByText('🟠 Sin señal hace 5 min')).toBeInTheDocument();
  });

  it('names each taxi with its parts apart, as a screen reader says it ("Juan Pérez BCDF12", not "Juan PérezBCDF12")', async () => {
    await openMap();
    const [juan, ana] = entries();
    expect(juan).toHaveAccessibleName(new RegExp(`^#1 Juan Pérez BCDF12 Desde: ${hhmm(START_1)} 🟢 En línea`));
    expect(ana).toHaveAccessibleName(/^#2 Ana Soto Sin vehículo Desde: /);
    const [first] = within(panel()).getAllByRole('button', { name: /^#/ });
    expect(first).toHaveAccessibleName(/^#1 Juan Pérez BCDF12 /);
  });

  it('a taxi that stops sending turns "Sin señal" on its own as time passes', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await openMap([makeShift({ id: 1, latitude: -32.45, longitude: -71.22, last_location_time: secondsAgo(110) })]);
      expect(within(entries()[0]).getByText('🟢 En línea')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(15_000));
      expect(within(entries()[0]).getByText('🟠 Sin señal hace 2 min')).toBeInTheDocument();
      expect(taxisOnMap().features[0].properties.stale).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('draws the located taxis as one GeoJSON source, numbered in list order', async () => {
    await openMap();
    expect(screen.getByTestId('map')).toBeInTheDocument();
    await waitFor(() =>
      expect(taxisOnMap().features.map((feature) => feature.properties)).toEqual([
        { shiftId: 11, number: 1, stale: false },
        { shiftId: 13, number: 3, stale: true },
      ]),
    );
  });

  it('fits all positions with 50 px padding on load, and again only on Ver todos', async () => {
    const { user, sockets } = await openMap();
    const map = mapStandIn.map;
    await waitFor(() => expect(map?.fitBounds).toHaveBeenCalledTimes(1));
    expect(map?.fitBounds).toHaveBeenCalledWith([[-71.3, -32.45], [-71.22, -32.4]], expect.objectContaining({ padding: 50 }));

    act(() => sockets.last.serverEmit('location_update', { shift_id: 11, latitude: -32.5, longitude: -71.1, timestamp: new Date().toISOString() }));
    await waitFor(() => expect(taxisOnMap().features[0].geometry.coordinates).toEqual([-71.1, -32.5]));
    expect(map?.fitBounds).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Ver todos' }));
    expect(map?.fitBounds).toHaveBeenCalledTimes(2);
    expect(map?.fitBounds).toHaveBeenLastCalledWith([[-71.3, -32.5], [-71.1, -32.4]], expect.objectContaining({ padding: 50 }));
  });

  it('starts at La Ligua, zoom 13, when no driver has a position', async () => {
    await openMap([makeShift({ id: 1, latitude: null, longitude: null, last_location_time: null })]);
    expect(mapStandIn.props?.initialViewState).toEqual({ longitude: -71.2264, latitude: -32.4519, zoom: 13 });
    expect(screen.getByRole('button', { name: 'Ver todos' })).toBeDisabled();
  });

  it('shows the empty message when nobody is on shift', async () => {
    await openMap([]);
    expect(screen.getByText('No hay conductores en turno activo')).toBeInTheDocument();
    expect(screen.getByText('0 conductores con ubicación')).toBeInTheDocument();
  });

  it('a failed snapshot keeps a Spanish message with Reintentar, the empty text, and recovers without a reload', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/shifts/active`, () =>
        fail ? HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 }) : HttpResponse.json({ shifts: fleet(), count: 3 }),
      ),
    );
    const { user } = renderApp('/dashboard/map', { signedIn: true, createSocket: fakeSocketFactory().createSocket });
    expect(await screen.findByText('No hay conductores en turno activo')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar los conductores activos');

    // It does not vanish like a success notice.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(activeList()).findByText('Juan Pérez')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clicking a driver selects the taxi, centres on it and opens its popup', async () => {
    const { user, store } = await openMap();
    const [juan] = entries();
    await user.click(juan);

    expect(juan).toHaveAttribute('aria-pressed', 'true');
    const popup = screen.getByTestId('popup');
    expect(within(popup).getByText('#1 Juan Pérez')).toBeInTheDocument();
    expect(within(popup).getByText('BCDF12')).toBeInTheDocument();
    expect(within(popup).getByText(`Turno desde: ${hhmm(START_1)}`)).toBeInTheDocument();
    expect(within(popup).getByText(/^Última actualización: \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(store.getState().liveMap.center).toEqual([-71.22, -32.45]);
    expect(mapStandIn.map?.jumpTo).toHaveBeenLastCalledWith({ center: [-71.22, -32.45], zoom: expect.any(Number) });
    // The selected taxi leaves the clustered source: it is never grouped.
    expect(selectedOnMap().features.map((feature) => feature.properties.shiftId)).toEqual([11]);
    expect(taxisOnMap().features.map((feature) => feature.properties.shiftId)).toEqual([13]);
  });

  it('the popup says N/A without a plate and leaves out Última actualización without a location time', async () => {
    const { user } = await openMap([makeShift({ id: 1, first_name: 'Luis', last_name: 'Vera', plate_number: null, latitude: -32.45, longitude: -71.22, last_location_time: null })]);
    await user.click(entries()[0]);
    const popup = screen.getByTestId('popup');
    expect(within(popup).getByText('#1 Luis Vera')).toBeInTheDocument();
    expect(within(popup).getByText('N/A')).toBeInTheDocument();
    expect(within(popup).queryByText(/Última actualización/)).not.toBeInTheDocument();
  });

  it('clicking a taxi on the map opens its popup; closing it deselects', async () => {
    const { user } = await openMap();
    act(() => mapStandIn.props?.onClick?.({ features: [{ layer: { id: 'taxis' }, properties: { shiftId: 13 } }] }));
    expect(within(screen.getByTestId('popup')).getByText('#3 Pedro Rojas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close popup' }));
    expect(screen.queryByTestId('popup')).not.toBeInTheDocument();
  });

  it('a location update reaching the page changes the popup and the map', async () => {
    const { user, sockets } = await openMap();
    await user.click(entries()[0]);
    const timestamp = new Date(Date.now() + 60_000).toISOString();

    act(() => sockets.last.serverEmit('location_update', { shift_id: 11, latitude: -32.46, longitude: -71.21, timestamp }));

    expect(await within(screen.getByTestId('popup')).findByText(`Última actualización: ${hhmmss(timestamp)}`)).toBeInTheDocument();
    expect(selectedOnMap().features[0].geometry.coordinates).toEqual([-71.21, -32.46]);
  });

  it('toggles the selected taxi\'s trail from the popup', async () => {
    server.use(
      http.get(`${API}/shifts/11/locations`, () =>
        HttpResponse.json({ locations: [{ latitude: -32.44, longitude: -71.23, timestamp: secondsAgo(120) }] }),
      ),
    );
    const { user, store } = await openMap();
    await user.click(entries()[0]);
    const toggle = screen.getByRole('checkbox', { name: 'Mostrar recorrido' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(store.getState().liveMap.showTrail).toBe(true);
    // The fetched path, ending at the taxi's live position.
    await waitFor(() =>
      expect((mapStandIn.sources.get('trail') as { geometry: { coordinates: number[][] } }).geometry.coordinates).toEqual([
        [-71.23, -32.44],
        [-71.22, -32.45],
      ]),
    );
  });

  it('shows Reconectando... after a drop, and nothing once reconnected', async () => {
    const { sockets } = await openMap();
    expect(screen.queryByText('Reconectando...')).not.toBeInTheDocument();
    act(() => sockets.last.simulateDrop());
    expect(screen.getByText('Reconectando...').closest('[role="status"]')).toBeInTheDocument();
    act(() => sockets.last.simulateReconnect());
    expect(screen.queryByText('Reconectando...')).not.toBeInTheDocument();
  });

  it('follows the store when the view changes from outside, without writing it back', async () => {
    const { store } = await openMap();
    await waitFor(() => expect(store.getState().liveMap.center).not.toBeNull());

    let view = store.getState().liveMap;
    act(() => {
      store.dispatch(viewChanged({ center: [-71.5, -32.6], zoom: 11 }));
      view = store.getState().liveMap; // before the map reacts
    });

    expect(mapStandIn.map?.jumpTo).toHaveBeenLastCalledWith({ center: [-71.5, -32.6], zoom: 11 });
    expect(mapStandIn.map?.getCenter()).toEqual({ lng: -71.5, lat: -32.6 });
    expect(store.getState().liveMap).toBe(view);
  });

  it('writes the user\'s own pan and zoom to the store', async () => {
    const { store } = await openMap();
    act(() => mapStandIn.props?.onMoveEnd?.({ type: 'moveend', target: mapStandIn.map as never, viewState: { longitude: -71.4, latitude: -32.3, zoom: 15 } }));
    expect(store.getState().liveMap).toMatchObject({ center: [-71.4, -32.3], zoom: 15 });
  });

  it('leaving the page lets go of the map\'s hold on the desk connection, which Alertas keeps on every screen', async () => {
    const { user, sockets, store } = await openMap();
    const socket = sockets.last;
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(store.getState().activeShifts.connection.status).toBe('idle');
    // One connection for the desk: the alerts' channel (held by the layout) still needs it.
    expect(socket.disconnectCalls).toBe(0);
    expect(sockets.sockets.filter((candidate) => candidate.active)).toEqual([socket]);
  });

  it('opened from another screen while the desk is connected (Alertas holds the connection), it does not say Conectando...', async () => {
    serveShifts(fleet());
    const sockets = fakeSocketFactory();
    const { user } = renderApp('/dashboard', { signedIn: true, createSocket: sockets.createSocket });
    await screen.findByRole('heading', { level: 1, name: 'Panel de Control' });
    const active = () => sockets.sockets.filter((candidate) => candidate.active);
    await waitFor(() => expect(active()).toHaveLength(1));
    const socket = active()[0];
    act(() => socket.simulateConnect());
    await user.click(within(screen.getByRole('navigation', { name: 'Navegación principal' })).getByRole('link', { name: 'Mapa en Vivo' }));
    await screen.findByRole('heading', { name: 'Conductores Activos' });
    expect(screen.queryByText('Conectando...')).not.toBeInTheDocument();
    // The same connection: the map took hold of it rather than opening another.
    expect(active()).toEqual([socket]);
  });

  it('the panel counts taxis per status and filters by it', async () => {
    const { user } = await openMap();
    const filters = within(panel()).getByRole('group', { name: 'Filtrar por estado' });
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual(['3 Todos', '1 En línea', '1 Sin señal', '1 Sin ubicación']);
    await user.click(within(filters).getByRole('button', { name: '1 Sin señal' }));
    expect(within(panel()).getAllByRole('button', { name: /^#/ }).map((entry) => entry.textContent)).toEqual([expect.stringMatching(/^#3 Pedro Rojas GHJK34 /)]);
    expect(within(panel()).getByText('1 de 3 taxis')).toBeInTheDocument();
  });

  it('finds a taxi by name, plate or number in two interactions: type, then Enter selects it and opens its popup', async () => {
    const { user, store } = await openMap();
    const search = within(panel()).getByRole('searchbox', { name: 'Buscar por número, nombre o patente' });
    await user.type(search, 'ghjk');
    expect(within(panel()).getAllByRole('button', { name: /^#/ })).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(store.getState().liveMap.selectedShiftId).toBe(13);
    expect(within(screen.getByTestId('popup')).getByText('#3 Pedro Rojas')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '#2');
    expect(within(panel()).getAllByRole('button', { name: /^#/ }).map((entry) => entry.textContent)).toEqual([expect.stringMatching(/^#2 Ana Soto Sin vehículo/)]);
    await user.clear(search);
    await user.type(search, 'nadie');
    expect(within(panel()).getByText('Ningún taxi coincide')).toBeInTheDocument();
  });

  it('the keyboard reaches a taxi: Tab into the panel, arrows between entries, Enter selects', async () => {
    const { user, store } = await openMap();
    within(panel()).getByRole('searchbox').focus();
    await user.tab();
    const [first] = within(panel()).getAllByRole('button', { name: /^#/ });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(within(panel()).getByRole('button', { name: /^#3 / })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(store.getState().liveMap.selectedShiftId).toBe(13);
  });

  it('shows speed, heading and a ticking update age in the entries and the popup', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { user, sockets } = await openMap();
      act(() => sockets.last.serverEmit('location_batch', { updates: [{ shift_id: 11, latitude: -32.451, longitude: -71.221, timestamp: new Date().toISOString(), speed: 10, heading: 180 }] }));
      await waitFor(() => expect(within(entries()[0]).getByText(/36 km\/h · S/)).toBeInTheDocument());
      expect(within(entries()[0]).getByText(/^hace 0 s/)).toBeInTheDocument();
      await user.click(entries()[0]);
      act(() => jest.advanceTimersByTime(3000));
      // The clock ticks once a second, so the age reads 2 or 3 s depending on where in the second it started.
      expect(within(entries()[0]).getByText(/^hace [23] s/)).toBeInTheDocument();
      const popup = screen.getByTestId('popup');
      expect(within(popup).getByText(/^Posición de hace [23] s$/)).toBeInTheDocument();
      expect(within(popup).getByText('36 km/h · S')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('while the connection is down no taxi is En línea, on the list, the panel or the map', async () => {
    const { sockets } = await openMap();
    act(() => sockets.last.simulateDrop());
    expect(within(activeList()).queryByText('🟢 En línea')).not.toBeInTheDocument();
    expect(within(entries()[0]).getByText(/^⏸ Sin conexión · hace \d+ s$/)).toBeInTheDocument();
    expect(within(panel()).getAllByText(/^Sin conexión · /)).toHaveLength(2);
    await waitFor(() => expect(taxisOnMap().features.every((feature) => feature.properties.stale)).toBe(true));

    act(() => sockets.last.simulateReconnect());
    expect(within(entries()[0]).getByText('🟢 En línea')).toBeInTheDocument();
    await waitFor(() => expect(taxisOnMap().features[0].properties.stale).toBe(false));
  });

  it('"Seguir" in the popup follows the selected taxi; dragging the map ends it', async () => {
    const { user, store } = await openMap();
    await user.click(entries()[0]);
    const follow = within(screen.getByTestId('popup')).getByRole('button', { name: 'Seguir' });
    await user.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().liveMap.following).toBe(true);
    act(() => (mapStandIn.props as { onDragStart?: () => void }).onDragStart?.());
    expect(store.getState().liveMap.following).toBe(false);
  });

  it('a click on a group of taxis zooms in to where it splits', async () => {
    await openMap();
    const source = mapStandIn.map?.getSource('taxis');
    act(() => mapStandIn.props?.onClick?.({ features: [{ layer: { id: 'taxi-clusters' }, geometry: { type: 'Point', coordinates: [-71.25, -32.42] }, properties: { cluster_id: 77, point_count: 2 } }] }));
    await waitFor(() => expect(mapStandIn.map?.easeTo).toHaveBeenCalledWith({ center: [-71.25, -32.42], zoom: 16 }));
    expect(source?.getClusterExpansionZoom).toHaveBeenCalledWith(77);
  });

  it('the lists render only what is in view: 2,000 taxis make about as many DOM nodes as 20', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => makeShift({ id: index + 1, start_time: new Date(Date.parse(START_1) + index * 1000).toISOString(), latitude: -32.4, longitude: -71.2, last_location_time: secondsAgo(5) }));
    const small = await openMap(many(20));
    const nodesFor20 = small.container.querySelectorAll('*').length;
    small.unmount();
    mapStandIn.reset();
    const large = await openMap(many(2000));
    expect(large.container.querySelectorAll('*').length).toBeLessThan(nodesFor20 * 1.2);
  }, 30_000); // 2,000 shifts through the store and the lists: slow on a loaded machine
});
