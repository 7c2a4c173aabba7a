/**
 * The passenger's small map (Leaflet in jsdom; only the network is fake): its controls in Spanish,
 * no library credit, and a vector PMTiles archive (which it cannot draw) said at once as "Mapa base
 * no disponible" rather than left a grey box (issue 46).
 */
import { waitFor } from '@testing-library/react';
import { archiveHead, serveArchive } from '../testing/pmtilesArchive';
import { createTripMap } from './tripMap';

const pickup = { latitude: -32.4519, longitude: -71.2264 };

function mapElement(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

afterEach(() => document.body.replaceChildren());

it('has zoom buttons named Acercar and Alejar, and credits the map data, not Leaflet', () => {
  const element = mapElement();
  const map = createTripMap(element, { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' });
  map.show(pickup, null);
  expect(element.querySelector('.leaflet-control-zoom-in')?.getAttribute('title')).toBe('Acercar');
  expect(element.querySelector('.leaflet-control-zoom-out')?.getAttribute('title')).toBe('Alejar');
  const credit = element.querySelector('.leaflet-control-attribution')?.textContent;
  expect(credit).toBe('© OpenStreetMap');
  expect(element.textContent).not.toMatch(/Leaflet|Zoom/);
  map.remove();
});

it('says the base map is not available at once when the archive holds vector tiles', async () => {
  serveArchive('vector.pmtiles', archiveHead('mvt'));
  const failed: boolean[] = [];
  const map = createTripMap(mapElement(), { url: 'pmtiles:///tiles/vector.pmtiles', attribution: '© OpenStreetMap' }, (value) => failed.push(value));
  map.show(pickup, null);
  await waitFor(() => expect(failed).toEqual([true]));
  map.remove();
});

it('waits for tiles from a raster archive (no failure said on its header)', async () => {
  serveArchive('raster.pmtiles', archiveHead('png'));
  const failed: boolean[] = [];
  const element = mapElement();
  const map = createTripMap(element, { url: 'pmtiles:///tiles/raster.pmtiles', attribution: '© OpenStreetMap' }, (value) => failed.push(value));
  map.show(pickup, null);
  // Its tile layer goes on once the header says raster.
  await waitFor(() => expect(element.querySelector('.leaflet-layer')).not.toBeNull());
  expect(failed).toEqual([]);
  map.remove();
});

describe('as the taxi moves', () => {
  /** Where Leaflet put an element (left and top: jsdom has no 3D transforms, so Leaflet positions by them). */
  const translate = (element: Element | null) => {
    const style = (element as HTMLElement | null)?.style;
    return { x: parseFloat(style?.left || '0'), y: parseFloat(style?.top || '0') };
  };
  const drawnAt = (element: HTMLElement, dot: 'taxi' | 'pickup') => {
    const icon = element.querySelector(`.pg-dot-${dot}`)?.parentElement ?? null;
    const pane = translate(element.querySelector('.leaflet-map-pane'));
    const own = translate(icon);
    return { x: own.x + pane.x, y: own.y + pane.y };
  };
  const inView = ({ x, y }: { x: number; y: number }) => x >= 0 && x <= 390 && y >= 0 && y <= 300;

  it('keeps the taxi and the pickup in view when the taxi drives out of the frame, and leaves a view that still holds both', () => {
    const element = mapElement();
    // jsdom lays nothing out: the map's box as a phone shows it.
    Object.defineProperty(element, 'clientWidth', { value: 390 });
    Object.defineProperty(element, 'clientHeight', { value: 300 });
    const map = createTripMap(element, { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' });
    map.show(pickup, { latitude: pickup.latitude + 0.008, longitude: pickup.longitude });
    expect(inView(drawnAt(element, 'taxi'))).toBe(true);
    const pane = translate(element.querySelector('.leaflet-map-pane'));

    // A little closer: inside the frame, which stays as it was.
    map.show(pickup, { latitude: pickup.latitude + 0.005, longitude: pickup.longitude });
    expect(translate(element.querySelector('.leaflet-map-pane'))).toEqual(pane);

    // Past the pickup, far south: out of the old frame, so the map frames both again.
    map.show(pickup, { latitude: pickup.latitude - 0.03, longitude: pickup.longitude });
    expect(inView(drawnAt(element, 'taxi'))).toBe(true);
    expect(inView(drawnAt(element, 'pickup'))).toBe(true);
    map.remove();
  });
});
