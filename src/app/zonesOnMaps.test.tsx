/**
 * Zones as a layer on the live map and the dispatch map (issue 33, item 1): a "Zonas" toggle over
 * each map draws the fleet's zones, remembered per user; an Operador, who reads but does not edit
 * zones, sees them too.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FeatureCollection } from 'geojson';
import type { Zone } from '../../contract/alerts';
import type { DeskRole } from '../../contract/entities';
import { demoUser, makeZone } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { server } from '../testing/mswServer';
import { mapStandIn } from '../testing/reactMapGlStandIn';
import { renderApp } from '../testing/renderApp';

const SLOW = { timeout: 10_000 };

const zone = makeZone;

function serveZones(zones: Zone[]) {
  const reads = { count: 0 };
  server.use(
    http.get(`${API}/zones`, () => {
      reads.count += 1;
      return HttpResponse.json({ zones, limits: { max_zones: 500, max_vertices: 200 } });
    }),
  );
  return reads;
}

function signInAs(role: DeskRole) {
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...demoUser, role } })));
}

const drawnNames = (source: string) => ((mapStandIn.sources.get(source) as FeatureCollection | undefined)?.features ?? []).map((feature) => feature.properties?.name);

beforeEach(() => mapStandIn.reset());

describe('Zonas on the maps', () => {
  it('draws the zones on the live map when Zonas is pressed, by keyboard, and remembers it after a reload', async () => {
    const reads = serveZones([zone({ id: 1, name: 'Plaza de Armas' }), zone({ id: 2, name: 'Terminal', geometry: { type: 'Point', coordinates: [-71.2, -32.4] }, radius_m: 300 })]);
    const first = renderApp('/dashboard/map', { signedIn: true });
    const toggle = await screen.findByRole('button', { name: 'Zonas' }, SLOW);
    // Off by default: no zone drawn, none read.
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('source-live-zones')).toBeNull();
    expect(reads.count).toBe(0);
    toggle.focus();
    await first.user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(drawnNames('live-zones')).toEqual(['Plaza de Armas', 'Terminal']));
    first.unmount();

    mapStandIn.reset();
    const second = renderApp('/dashboard/map', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Zonas', pressed: true }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(drawnNames('live-zones')).toEqual(['Plaza de Armas', 'Terminal']));
    await second.user.click(screen.getByRole('button', { name: 'Zonas' }));
    expect(screen.getByRole('button', { name: 'Zonas' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('source-live-zones')).toBeNull();
  });

  it('draws them on the dispatch map too', async () => {
    serveZones([zone({ id: 3, name: 'Aeropuerto' })]);
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Zonas' }, SLOW));
    await waitFor(() => expect(drawnNames('dispatch-zones')).toEqual(['Aeropuerto']));
  });

  it('says so when the fleet has no zones', async () => {
    serveZones([]);
    const { user } = renderApp('/dashboard/dispatch', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Zonas' }, SLOW));
    expect(await screen.findByText('Sin zonas', {}, SLOW)).toBeInTheDocument();
  });

  it('tells the user when the zones cannot be read', async () => {
    server.use(http.get(`${API}/zones`, () => HttpResponse.json({ error: 'Error interno' }, { status: 500 })));
    const { user } = renderApp('/dashboard/map', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Zonas' }, SLOW));
    expect(await screen.findByText('No se pudieron cargar las zonas', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the zones to an Operador too, who watches the map but does not edit zones', async () => {
    signInAs('operador');
    serveZones([zone({ id: 4, name: 'Zona Centro' })]);
    const { user } = renderApp('/dashboard/map', { signedIn: true });
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Operador'), SLOW);
    await user.click(await screen.findByRole('button', { name: 'Zonas' }, SLOW));
    await waitFor(() => expect(drawnNames('live-zones')).toEqual(['Zona Centro']));
  });
});
