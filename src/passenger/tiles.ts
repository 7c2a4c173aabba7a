/** The app's tiles (config.json's TILE_URL and attribution), OpenStreetMap's when config.json cannot be read. */
import type { Tiles } from './tripPage';

const FALLBACK_TILES: Tiles = { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' };

export async function readTiles(): Promise<Tiles> {
  try {
    const config = (await (await fetch('/config.json')).json()) as { tileUrl?: string; tileAttribution?: string };
    return { url: config.tileUrl ?? FALLBACK_TILES.url, attribution: config.tileAttribution ?? FALLBACK_TILES.attribution };
  } catch {
    return FALLBACK_TILES;
  }
}
