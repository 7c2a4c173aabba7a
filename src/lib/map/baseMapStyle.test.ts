import { http, HttpResponse } from 'msw';
import { FONT_STACKS } from '../../../webpack/mapAssets/fontStacks';
import { server } from '../../testing/mswServer';
import { archiveHead, serveArchive } from '../../testing/pmtilesArchive';
import { applyTileColorScheme, baseMapKind, baseMapStyle, type BaseMapKind } from './baseMapStyle';

/** The font stacks a style names anywhere (text-font, and inside its label expressions). */
function fontStacks(style: unknown): Set<string> {
  return new Set(JSON.stringify(style).match(/Noto Sans[^"]*/g));
}

describe('the base map style, chosen from the archive\'s header', () => {
  it('draws a vector archive (tile type MVT) with the Protomaps layers, and its glyphs and sprite from Flota\'s own build', async () => {
    serveArchive('vector.pmtiles', archiveHead('mvt'));
    const kind = await baseMapKind('pmtiles:///tiles/vector.pmtiles');
    expect(kind.type).toBe('vector');

    const style = baseMapStyle(kind, 'pmtiles:///tiles/vector.pmtiles', '© OpenStreetMap');
    const origin = new URL(document.baseURI).origin;
    expect(style.sources.osm).toEqual({ type: 'vector', url: `pmtiles://${origin}/tiles/vector.pmtiles`, attribution: '© OpenStreetMap' });
    expect(style.glyphs).toBe(`${origin}/map/fonts/{fontstack}/{range}.pbf`);
    expect(style.sprite).toBe(`${origin}/map/sprite`);
    const sourceLayers = new Set(style.layers.map((layer) => ('source-layer' in layer ? layer['source-layer'] : undefined)));
    for (const name of ['earth', 'water', 'roads', 'places']) expect(sourceLayers).toContain(name);
    // Every Latin font stack the layers ask for is one the build makes glyphs of (Devanagari is asked for Devanagari names only).
    const asked = [...fontStacks(style)].filter((stack) => !stack.includes('Devanagari'));
    expect(asked.sort()).toEqual(Object.keys(FONT_STACKS).sort());
  });

  it('draws a raster archive (PNG tiles) as raster tiles', async () => {
    serveArchive('raster.pmtiles', archiveHead('png'));
    const kind = await baseMapKind('pmtiles:///tiles/raster.pmtiles');
    expect(kind).toEqual({ type: 'raster' });
    expect(baseMapStyle(kind, 'pmtiles:///tiles/raster.pmtiles', '© OSM').layers).toEqual([expect.objectContaining({ type: 'raster', source: 'osm' })]);
  });

  it('falls back to raster tiles when the archive cannot be read (the map then says no base map loaded), and never reads a tile URL', async () => {
    server.use(http.get('/tiles/missing.pmtiles', () => new HttpResponse(null, { status: 404 })));
    expect(await baseMapKind('pmtiles:///tiles/missing.pmtiles')).toEqual({ type: 'raster' });
    expect(await baseMapKind('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual({ type: 'raster' });
  });

  it('recolours a drawn vector map in place for the dark theme and back', async () => {
    serveArchive('recolour.pmtiles', archiveHead('mvt'));
    const kind: BaseMapKind = await baseMapKind('pmtiles:///tiles/recolour.pmtiles');
    const light = baseMapStyle(kind, 'pmtiles:///tiles/recolour.pmtiles', '');
    const dark = baseMapStyle(kind, 'pmtiles:///tiles/recolour.pmtiles', '', 'dark');
    const fillOf = (style: typeof light, id: string) => (style.layers.find((layer) => layer.id === id) as { paint: Record<string, unknown> }).paint['fill-color'];
    expect(fillOf(dark, 'water')).not.toEqual(fillOf(light, 'water'));

    const painted = new Map<string, unknown>();
    const map = {
      getLayer: (id: string) => (light.layers.some((layer) => layer.id === id) ? { type: 'fill', source: 'osm' } : undefined),
      getLayersOrder: () => light.layers.map((layer) => layer.id),
      setPaintProperty: (layer: string, name: string, value: unknown) => painted.set(`${layer}.${name}`, value),
      setLayoutProperty: () => undefined,
    };
    applyTileColorScheme(map, 'dark');
    expect(painted.get('water.fill-color')).toEqual(fillOf(dark, 'water'));
    applyTileColorScheme(map, 'light');
    expect(painted.get('water.fill-color')).toEqual(fillOf(light, 'water'));
  });
});
