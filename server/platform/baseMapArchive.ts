/**
 * The base map an intranet serves itself: a PMTiles archive (TILES_PMTILES) read by the browser
 * with HTTP Range requests (the `pmtiles://` protocol, src/lib/map/maplibre.ts), so no map request
 * leaves Flota's origin. @fastify/static answers the Range requests (206) and nothing but that one
 * file under /tiles/.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const TILES_PREFIX = '/tiles/';

/** The archive's URL path on Flota's origin. */
export function pmtilesPath(archive: string): string {
  return TILES_PREFIX + encodeURIComponent(path.basename(archive));
}

/** What config.json and the CSP take as the tile URL: the archive when there is one, else TILE_URL. */
export function effectiveTileUrl(config: { tileUrl: string; tilesPmtiles: string | null }): string {
  return config.tilesPmtiles ? `pmtiles://${pmtilesPath(config.tilesPmtiles)}` : config.tileUrl;
}

/**
 * Why the file at `archive` is not a PMTiles v3 archive, in Spanish; null when it is. Its first 8
 * bytes say so: "PMTiles" and the version.
 */
export function pmtilesProblem(archive: string): string | null {
  let fd: number;
  try {
    fd = openSync(archive, 'r');
  } catch {
    return `no se puede leer el archivo ${archive}`;
  }
  try {
    const head = Buffer.alloc(8);
    const read = readSync(fd, head, 0, 8, 0);
    if (read < 8 || head.subarray(0, 7).toString('latin1') !== 'PMTiles') return `${archive} no es un archivo PMTiles`;
    if (head[7] !== 3) return `${archive} es PMTiles versión ${head[7]}; se necesita la versión 3`;
    return null;
  } finally {
    closeSync(fd);
  }
}

export async function registerPmtilesArchive(app: FastifyInstance, archive: string | null): Promise<void> {
  if (!archive) return;
  const name = path.basename(archive);
  await app.register(fastifyStatic, {
    root: path.dirname(archive),
    prefix: TILES_PREFIX,
    decorateReply: false,
    index: false,
    // Only the archive: the folder it sits in may hold anything else.
    allowedPath: (pathname) => pathname === `/${name}`,
    // Revalidated (ETag): an operator may replace the archive with a newer extract.
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
}
