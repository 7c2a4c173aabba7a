import { rasterStyle } from './rasterStyle';

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
});
