/**
 * Pickup from the keyboard, the server's half (issue 38, item 1): Lugares with address and other
 * names, a file's import (all or none), and the pickup field's one list of suggestions: saved
 * places, every address the fleet used (accent- and typo-tolerant), and a geocoder when configured.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PickupSuggestion } from '../../../contract/dispatch';
import { DISPATCH_DEFAULTS } from './settings';
import { createBooking, PICKUP } from '../../tools/testing/dispatchFixtures';
import { apiCall } from '../../tools/testing/http';
import { createSecondOwner, SECOND_OWNER, startTestServer, type TestServer } from '../../tools/testing/testServer';

let server: TestServer;
let desk: string;
let photon: Server;
const photonQueries: string[] = [];

beforeAll(async () => {
  // A stand-in answering Photon's documented GeoJSON (no Photon server on this machine).
  photon = createServer((request, response) => {
    const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    photonQueries.push(q);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        features: [
          { geometry: { coordinates: [-70.651, -33.438] }, properties: { street: 'Avenida Ortiz de Rozas', housenumber: '900', city: 'Santiago' } },
          { geometry: { coordinates: [-58.4, -34.6] }, properties: { street: 'Ortiz', city: 'Buenos Aires' } },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => photon.listen(0, '127.0.0.1', resolve));
  const geocoderUrl = `http://127.0.0.1:${(photon.address() as AddressInfo).port}`;
  server = await startTestServer({ dispatch: { ...DISPATCH_DEFAULTS, geocoderUrl } });
  desk = await server.login();
}, 90_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => photon?.close(resolve));
});

const call = (path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall(server.url, path, { token: desk, ...init });
const suggest = async (query: string, token = desk): Promise<PickupSuggestion[]> => {
  const answer = await apiCall(server.url, `/api/dispatch/pickup-suggestions?query=${encodeURIComponent(query)}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.suggestions;
};
const labels = (list: PickupSuggestion[]) => list.map((s) => `${s.source}:${s.label}`);

describe('Lugares', () => {
  it('keeps a place’s address and other names, trims blank and repeated names, and refuses bad input in Spanish', async () => {
    const created = await call('/api/dispatch/places', {
      json: { name: 'Hospital San Agustín', address: 'Diego Portales 1500', aliases: ['la posta', ' ', 'la posta', 'el hospital'], latitude: -33.44, longitude: -70.65 },
    });
    expect(created.status).toBe(201);
    expect(created.body.place).toMatchObject({ name: 'Hospital San Agustín', address: 'Diego Portales 1500', aliases: ['la posta', 'el hospital'] });
    const tooMany = await call('/api/dispatch/places', { json: { name: 'X', aliases: Array.from({ length: 11 }, (_, i) => `n${i}`), latitude: -33.44, longitude: -70.65 } });
    expect(tooMany).toMatchObject({ status: 400, body: { fields: { aliases: 'A lo más 10 otros nombres' } } });
    const edited = await call(`/api/dispatch/places/${created.body.place.id}`, { method: 'PUT', json: { name: 'Hospital San Agustín', address: 'Diego Portales 1500', aliases: [], latitude: -33.44, longitude: -70.65 } });
    expect(edited.body.place.aliases).toEqual([]);
  });

  it('imports a file’s places all or none: one bad row saves nothing and names the row', async () => {
    const before = (await call('/api/dispatch/places')).body.places.length;
    const bad = await call('/api/dispatch/places/import', {
      json: { places: [{ name: 'Terminal de buses', latitude: -33.45, longitude: -70.68 }, { name: 'Obelisco', latitude: -34.6, longitude: -58.4 }] },
    });
    expect(bad).toMatchObject({ status: 400, body: { fields: { 'places.1.latitude': 'El punto está fuera del área de servicio' } } });
    expect((await call('/api/dispatch/places')).body.places).toHaveLength(before);
    const good = await call('/api/dispatch/places/import', {
      json: { places: [{ name: 'Terminal de buses', address: 'Papudo 451', aliases: ['el terminal'], latitude: -33.45, longitude: -70.68 }, { name: 'Supermercado Único', latitude: -33.44, longitude: -70.66 }] },
    });
    expect(good).toMatchObject({ status: 201, body: { created: 2 } });
    expect((await call('/api/dispatch/places')).body.places).toHaveLength(before + 2);
  });
});

describe('the pickup field’s suggestions', () => {
  it('finds an address once a booking used it: by a word, without accents, with a typo; a clicked point is never offered', async () => {
    expect(labels(await suggest('Ortiz'))).not.toContain('usada:Ortiz de Rozas 550');
    await createBooking(server.url, desk, { pickup: { ...PICKUP, label: 'Ortiz de Rozas 550' } });
    await createBooking(server.url, desk, { pickup: { ...PICKUP, latitude: PICKUP.latitude + 0.001, label: 'Punto en el mapa (-33.43620, -70.65060)' } });
    for (const typed of ['Ortiz', 'ortíz', 'ORTIS', 'rozas 55', 'ortis 550', 'rosas ortiz']) expect(labels(await suggest(typed))).toContain('usada:Ortiz de Rozas 550');
    const used = (await suggest('Ortiz')).find((s) => s.source === 'usada');
    expect(used).toMatchObject({ latitude: PICKUP.latitude, longitude: PICKUP.longitude, detail: 'Usada 1 vez' });
    expect(labels(await suggest('Punto en el'))).toEqual(labels(await suggest('Punto en el')).filter((l) => !l.startsWith('usada:')));
    expect(labels(await suggest('Pedro de Valdivia'))).not.toContain('usada:Ortiz de Rozas 550');
  });

  it('puts saved places first (by name, address or another name), then used addresses, then the geocoder inside the service area', async () => {
    // The demo fleet's own places (seeded around La Ligua) are there too.
    expect(labels(await suggest('terminal')).slice(0, 2).sort()).toEqual(['lugar:Terminal de Buses La Ligua', 'lugar:Terminal de buses']);
    expect(labels(await suggest('papudo 451'))[0]).toBe('lugar:Terminal de buses');
    expect(labels(await suggest('el termnal'))).toContain('lugar:Terminal de buses');
    expect(labels(await suggest('la urjencia'))[0]).toBe('lugar:Hospital San Agustín');
    expect(labels(await suggest('san agustin'))[0]).toBe('lugar:Hospital San Agustín');
    expect((await suggest('unico'))[0]).toMatchObject({ label: 'Supermercado Único', source: 'lugar' });
    const ortiz = labels(await suggest('Ortiz'));
    // The demo's plaza stands on Ortiz de Rozas: a saved place, so first.
    expect(ortiz).toEqual(['lugar:Plaza de Armas de La Ligua', 'usada:Ortiz de Rozas 550', 'geocoder:Avenida Ortiz de Rozas 900, Santiago']);
    expect(photonQueries).toContain('Ortiz');
  });

  it('never offers another fleet’s places or addresses', async () => {
    await createSecondOwner(server.db);
    const other = await server.login(SECOND_OWNER.rut, SECOND_OWNER.password);
    const seen = labels(await suggest('Ortiz', other)).concat(labels(await suggest('terminal', other)));
    expect(seen.filter((l) => !l.startsWith('geocoder:'))).toEqual([]);
    expect((await apiCall(server.url, '/api/dispatch/places', { token: other })).body.places.map((p: { name: string }) => p.name)).not.toContain('Terminal de buses');
  });
});
