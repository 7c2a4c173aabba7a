import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../testing/apiEdge';
import { fakeSocketFactory } from '../../testing/fakeSocket';
import { makeShift } from '../../testing/fixtures';
import { server } from '../../testing/mswServer';
import { mapStandIn } from '../../testing/reactMapGlStandIn';
import { renderApp } from '../../testing/renderApp';
import type { TaxiFeatureCollection } from './map/mapGeo';

const now = () => new Date().toISOString();
const SLOW = { timeout: 10_000 };

beforeEach(() => mapStandIn.reset());

describe('Mapa en Vivo: availability (dispatch)', () => {
  it('shows Libre / Ocupado beside the spec texts, counts and filters it, colours the marker, and follows availability_changed', async () => {
    const shifts = [
      makeShift({ id: 11, first_name: 'Juan', last_name: 'Pérez', latitude: -32.45, longitude: -71.22, last_location_time: now() }),
      makeShift({ id: 13, first_name: 'Pedro', last_name: 'Rojas', latitude: -32.4, longitude: -71.3, last_location_time: now() }),
    ];
    server.use(
      http.get(`${API}/shifts/active`, () => HttpResponse.json({ shifts, count: shifts.length })),
      http.get(`${API}/dispatch/availability`, () =>
        HttpResponse.json({ availability: [ { shift_id: 11, driver_id: 1, vehicle_id: 1, availability: 'libre' }, { shift_id: 13, driver_id: 2, vehicle_id: 2, availability: 'ocupado' } ] }),
      ),
    );
    const sockets = fakeSocketFactory();
    const { user } = renderApp('/dashboard/map', { signedIn: true, createSocket: sockets.createSocket });
    const filters = await screen.findByRole('group', { name: 'Filtrar por disponibilidad' }, SLOW);
    act(() => sockets.last.simulateConnect());
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual(['1 Libres', '1 Ocupados', '0 Fuera de servicio']);

    // The spec's list keeps its texts exactly.
    const active = screen.getByRole('region', { name: 'Conductores Activos' });
    expect(within(active).getAllByText('🟢 En línea')).toHaveLength(2);
    const panel = screen.getByRole('complementary', { name: 'Buscar taxi' });
    expect(within(panel).getByText(/· Ocupado/)).toBeInTheDocument();
    const properties = () => (mapStandIn.sources.get('taxis') as TaxiFeatureCollection).features.map((feature) => [feature.properties.shiftId, feature.properties.availability]);
    await waitFor(() => expect(properties()).toEqual([[11, 'libre'], [13, 'ocupado']]));

    await user.click(within(filters).getByRole('button', { name: '1 Ocupados' }));
    expect(within(panel).getByRole('status')).toHaveTextContent('1 de 2 taxis');

    act(() => sockets.last.serverEmit('availability_changed', { shift_id: 11, driver_id: 1, vehicle_id: 1, availability: 'ocupado' }));
    expect(await within(filters).findByRole('button', { name: '2 Ocupados' })).toBeInTheDocument();
    await waitFor(() => expect(properties()).toEqual([[11, 'ocupado'], [13, 'ocupado']]));
  }, 30_000);
});
