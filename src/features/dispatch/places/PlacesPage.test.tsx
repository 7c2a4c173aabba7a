import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PlaceRequest, PlacesImport, SavedPlace } from '../../../../contract/api';
import { API } from '../../../testing/apiEdge';
import { server } from '../../../testing/mswServer';
import { renderApp } from '../../../testing/renderApp';

const SLOW = { timeout: 10_000 };

function placesServer() {
  const places: SavedPlace[] = [{ id: 1, name: 'Terminal de buses', address: 'Papudo 451', aliases: ['el terminal'], latitude: -32.4531, longitude: -71.229 }];
  const sent: { created: PlaceRequest[]; imported: PlacesImport[] } = { created: [], imported: [] };
  server.use(
    http.get(`${API}/dispatch/places`, () => HttpResponse.json({ places })),
    http.post(`${API}/dispatch/places`, async ({ request }) => {
      const body = (await request.json()) as PlaceRequest;
      sent.created.push(body);
      const place = { id: places.length + 1, address: '', aliases: [], ...body } as SavedPlace;
      places.push(place);
      return HttpResponse.json({ place }, { status: 201 });
    }),
    http.post(`${API}/dispatch/places/import`, async ({ request }) => {
      const body = (await request.json()) as PlacesImport;
      sent.imported.push(body);
      if (body.places.some((place) => place.longitude < -76)) return HttpResponse.json({ error: 'Datos inválidos', fields: { 'places.1.latitude': 'El punto está fuera del área de servicio' } }, { status: 400 });
      return HttpResponse.json({ created: body.places.length, places: [] }, { status: 201 });
    }),
  );
  return sent;
}

describe('Lugares', () => {
  it('lists the saved places and adds one with its other names and pasted coordinates', async () => {
    const sent = placesServer();
    const { user } = renderApp('/dashboard/dispatch/places', { signedIn: true });
    const row = (await screen.findByRole('rowheader', { name: 'Terminal de buses' }, SLOW)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Papudo 451');
    expect(row).toHaveTextContent('el terminal');
    await user.click(screen.getByRole('button', { name: 'Agregar lugar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo lugar' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Hospital San Agustín');
    await user.type(within(dialog).getByLabelText('Coordenadas (latitud, longitud)'), '-32,4470; -71,2330');
    await user.type(within(dialog).getByLabelText('Otros nombres (uno por línea)'), 'la posta{Enter}el hospital');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent.created).toHaveLength(1));
    expect(sent.created[0]).toEqual({ name: 'Hospital San Agustín', address: '', aliases: ['la posta', 'el hospital'], latitude: -32.447, longitude: -71.233 });
  });

  it('says what is wrong with coordinates it cannot read, and sends nothing', async () => {
    const sent = placesServer();
    const { user } = renderApp('/dashboard/dispatch/places', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Agregar lugar' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo lugar' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Plaza');
    await user.type(within(dialog).getByLabelText('Coordenadas (latitud, longitud)'), 'la plaza');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe latitud y longitud, por ejemplo -32.4519, -71.2264')).toBeInTheDocument();
    expect(sent.created).toEqual([]);
  });

  it('imports a CSV: a row it cannot read sends nothing; the server’s refusal names the place', async () => {
    const sent = placesServer();
    const { user } = renderApp('/dashboard/dispatch/places', { signedIn: true });
    const input = (await screen.findByText('Importar CSV o GeoJSON', {}, SLOW)).querySelector('input') as HTMLInputElement;
    await user.upload(input, new File(['nombre;latitud;longitud\nPlaza;-32,45;x\n'], 'malo.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fila 2: latitud o longitud inválida');
    expect(sent.imported).toEqual([]);
    await user.upload(input, new File(['nombre;latitud;longitud\nPlaza;-32,45;-71,22\nMar;-32,45;-80\n'], 'mar.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lugar 2: El punto está fuera del área de servicio');
    await user.upload(input, new File(['nombre;latitud;longitud\nPlaza;-32,45;-71,22\n'], 'bueno.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Se importó 1 lugar')).toBeInTheDocument();
    expect(sent.imported.at(-1)).toEqual({ places: [{ name: 'Plaza', address: '', aliases: [], latitude: -32.45, longitude: -71.22 }] });
  });
});
