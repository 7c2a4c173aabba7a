import { applyTileColorScheme, rasterStyle, resolvePmtilesUrl } from './rasterStyle';

describe('rasterStyle', () => {
  const tiles = 'https://{s}.tile.example/{z}/{x}/{y}.png';

  it('draws the tiles as they are in the light theme', () => {
    const style = rasterStyle(tiles, '© OSM');
    expect(style.sources.osm).toMatchObject({ type: 'raster', tiles: ['https://tile.example/{z}/{x}/{y}.png'], attribution: '© OSM' });
    expect(style.layers[0]).toMatchObject({ id: 'osm', type: 'raster', paint: {} });
  });

  it('dims and greys the tiles in the dark theme', () => {
    const [layer] = rasterStyle(tiles, '© OSM', 'dark').layers;
    const paint = (layer as unknown as { paint: Record<string, number> }).paint;
    expect(paint['raster-brightness-max']).toBeLessThan(1);
    expect(paint['raster-saturation']).toBeLessThan(0);
  });

  it('recolours a drawn map in place, and back to the MapLibre defaults for the light scheme', () => {
    const painted: Record<string, unknown> = {};
    const map = { setPaintProperty: (layer: string, name: string, value: unknown) => (painted[`${layer}.${name}`] = value) };
    applyTileColorScheme(map, 'dark');
    expect(painted['osm.raster-brightness-max']).toBeLessThan(1);
    applyTileColorScheme(map, 'light');
    expect(painted).toEqual({ 'osm.raster-brightness-max': 1, 'osm.raster-saturation': 0, 'osm.raster-contrast': 0 });
  });

  it('reads a PMTiles archive on the page\'s own origin through the pmtiles protocol', () => {
    const style = rasterStyle('pmtiles:///tiles/region.pmtiles', '© OSM');
    expect(style.sources.osm).toMatchObject({ type: 'raster', url: `pmtiles://${new URL('/tiles/region.pmtiles', document.baseURI).href}`, attribution: '© OSM' });
    expect(style.sources.osm).not.toHaveProperty('tiles');
  });

  it('keeps an absolute PMTiles URL as it is', () => {
    expect(resolvePmtilesUrl('pmtiles://https://mapas.intranet.cl/chile.pmtiles', 'http://flota.local/app/')).toBe('pmtiles://https://mapas.intranet.cl/chile.pmtiles');
    expect(resolvePmtilesUrl('pmtiles:///tiles/a.pmtiles', 'http://flota.local/app/')).toBe('pmtiles://http://flota.local/tiles/a.pmtiles');
  });
});
