/**
 * GeoJSON import and export on the Zonas screen (issue 33, item 1): a file that is not JSON is refused
 * before any request, the server's Spanish refusal of a bad zone is shown with "nothing imported", a
 * good file reports how many zones came in, and Exportar saves the server's FeatureCollection.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { API } from '../../testing/handlers';
import { server } from '../../testing/mswServer';
import { testStore } from '../../testing/testStore';
import { ZonesFileButtons } from './ZonesFileButtons';
import { BODY_LIMITS } from '../../../contract/bodyLimits';

function renderButtons() {
  const store = testStore();
  const imported: number[] = [];
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <ZonesFileButtons onImported={(count) => imported.push(count)} />
    </Provider>,
  );
  return { user, imported };
}

const square = { type: 'Polygon', coordinates: [[[-71.23, -32.45], [-71.22, -32.45], [-71.22, -32.44], [-71.23, -32.44], [-71.23, -32.45]]] };
const fileOf = (name: string, text: string) => new File([text], name, { type: 'application/geo+json' });

function serveImport() {
  const posted: unknown[] = [];
  server.use(
    http.post(`${API}/zones/import`, async ({ request }) => {
      const body = (await request.json()) as { features: { properties?: { name?: string } }[] };
      posted.push(body);
      if (body.features.some((feature) => feature.properties?.name === 'Mala')) return HttpResponse.json({ error: 'Zona 2: El polígono se cruza consigo mismo' }, { status: 400 });
      return HttpResponse.json({ zones: body.features.map((_, i) => ({ id: i + 1 })) }, { status: 201 });
    }),
  );
  return posted;
}

describe('Zonas GeoJSON files', () => {
  it('refuses a file that is not JSON without sending it', async () => {
    const posted = serveImport();
    const { user, imported } = renderButtons();
    await user.upload(screen.getByLabelText('Archivo GeoJSON de zonas'), fileOf('zonas.geojson', '{"type": "FeatureCollection", '));
    expect(await screen.findByRole('alert')).toHaveTextContent('«zonas.geojson» no es un archivo GeoJSON válido: no se pudo leer como JSON. No se importó ninguna zona.');
    expect(posted).toHaveLength(0);
    expect(imported).toEqual([]);
  });

  it('shows the server’s Spanish reason for a bad zone and that nothing was imported, then imports a good file', async () => {
    const posted = serveImport();
    const { user, imported } = renderButtons();
    const bad = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: square, properties: { name: 'Buena' } }, { type: 'Feature', geometry: square, properties: { name: 'Mala' } }] };
    await user.upload(screen.getByLabelText('Archivo GeoJSON de zonas'), fileOf('malas.geojson', JSON.stringify(bad)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zona 2: El polígono se cruza consigo mismo No se importó ninguna zona.');
    expect(imported).toEqual([]);

    const good = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: square, properties: { name: 'Plaza' } }, { type: 'Feature', geometry: { type: 'Point', coordinates: [-71.2, -32.4] }, properties: { name: 'Terminal', radius_m: 300 } }] };
    await user.upload(screen.getByLabelText('Archivo GeoJSON de zonas'), fileOf('buenas.geojson', JSON.stringify(good)));
    await waitFor(() => expect(imported).toEqual([2]));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posted[1]).toEqual(good);
  });

  it('refuses, without sending it, a file whose zones weigh more than the import takes', async () => {
    const posted = serveImport();
    const { user, imported } = renderButtons();
    const heavy = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: square, properties: { name: 'x'.repeat(BODY_LIMITS.zonesImport) } }] };
    await user.upload(screen.getByLabelText('Archivo GeoJSON de zonas'), fileOf('pesado.geojson', JSON.stringify(heavy)));
    expect(await screen.findByRole('alert', {}, { timeout: 30_000 })).toHaveTextContent('El archivo es demasiado grande: sus zonas pesan más de 16 MB. No se importó ninguna zona.');
    expect(posted).toHaveLength(0);
    expect(imported).toEqual([]);
    // jsdom reads a 16 MB file slowly on a loaded machine.
  }, 90_000);

  it('sends an indented file of 6 MB whose zones weigh less compact', async () => {
    const posted = serveImport();
    const { user, imported } = renderButtons();
    const ring = Array.from({ length: 500 }, (_, i) => [-71.2 + Math.cos(i / 80) / 100, -32.4 + Math.sin(i / 80) / 100]);
    const many = { type: 'FeatureCollection', features: Array.from({ length: 120 }, (_, i) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] }, properties: { name: `Zona ${i}` } })) };
    const indented = JSON.stringify(many, null, 2);
    expect(indented.length).toBeGreaterThan(5 * 1024 * 1024);
    await user.upload(screen.getByLabelText('Archivo GeoJSON de zonas'), fileOf('sangrado.geojson', indented));
    await waitFor(() => expect(imported).toEqual([120]), { timeout: 30_000 });
    expect(posted).toEqual([many]);
  }, 90_000);

  it('saves the exported zones as zonas.geojson', async () => {
    const collection = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: square, properties: { name: 'Plaza', kind: 'paradero' } }] };
    server.use(http.get(`${API}/zones/export`, () => HttpResponse.json(collection)));
    const saved: Blob[] = [];
    const names: string[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:zonas';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Exportar GeoJSON' }));
    await waitFor(() => expect(names).toEqual(['zonas.geojson']));
    expect(JSON.parse(await saved[0].text())).toEqual(collection);
    click.mockRestore();
  });
});
