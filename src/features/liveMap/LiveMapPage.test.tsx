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
import type { TaxiFeatureCollection } from './mapGeo';
import { viewChanged } from './liveMapSlice';

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

const entries = () => within(screen.getByRole('list')).getAllByRole('button');
const taxisOnMap = () => mapStandIn.sources.get('taxis') as TaxiFeatureCollection;

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
    expect(taxisOnMap().features.map((feature) => feature.properties)).toEqual([
      { shiftId: 11, number: 1, stale: false, selected: false },
      { shiftId: 13, number: 3, stale: true, selected: false },
    ]);
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

  it('shows no error when the shifts cannot be loaded: the empty message applies', async () => {
    server.use(http.get(`${API}/shifts/active`, () => HttpResponse.json({ error: 'Error interno del servidor' }, { status: 500 })));
    renderApp('/dashboard/map', { signedIn: true });
    expect(await screen.findByText('No hay conductores en turno activo')).toBeInTheDocument();
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
    expect(taxisOnMap().features[0].properties.selected).toBe(true);
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
    act(() => mapStandIn.props?.onClick?.({ features: [{ properties: { shiftId: 13 } }] }));
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
    expect(taxisOnMap().features[0].geometry.coordinates).toEqual([-71.21, -32.46]);
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

  it('leaving the page disconnects the socket', async () => {
    const { user, sockets } = await openMap();
    const socket = sockets.last;
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    expect(socket.disconnectCalls).toBe(1);
    expect(sockets.sockets.filter((candidate) => candidate.active)).toHaveLength(0);
  });
});
