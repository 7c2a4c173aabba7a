/**
 * A PMTiles archive's head for tests of what a browser reads first (the header says whether the
 * tiles are vector or raster), answered by Range from the page's origin as Flota's server does.
 */
import { http, HttpResponse } from 'msw';
import { server } from './mswServer';

const TILE_TYPE = { mvt: 1, png: 2 } as const;

/**
 * The head of a PMTiles v3 archive, all a browser reads to choose the style: the 127-byte header
 * (spec v3: "PMTiles", version 3, offsets, then compression and tile type at bytes 97-99) and an
 * empty root directory. (The SPA may not import the server's full writer, pmtilesArchive.ts.)
 */
export function archiveHead(tileType: keyof typeof TILE_TYPE): Buffer {
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  header.writeBigUInt64LE(127n, 8); // root directory offset
  header.writeBigUInt64LE(1n, 16); // its length: one byte, no entries
  for (const at of [24, 40, 56]) header.writeBigUInt64LE(128n, at); // metadata, leaves and tiles: none
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = TILE_TYPE[tileType];
  header[101] = 14; // max zoom
  return Buffer.concat([header, Buffer.from([0])]);
}

/** An archive on the page's own origin, answered by Range as Flota's server does (206 and the bytes asked for). */
export function serveArchive(name: string, bytes: Buffer) {
  server.use(
    http.get(`/tiles/${name}`, ({ request }) => {
      const [, from, to] = /bytes=(\d+)-(\d+)/.exec(request.headers.get('range') ?? '') ?? [];
      if (from === undefined) return new HttpResponse(new Uint8Array(bytes), { status: 200, headers: { 'Content-Length': String(bytes.length) } });
      const slice = bytes.subarray(Number(from), Math.min(Number(to) + 1, bytes.length));
      return new HttpResponse(new Uint8Array(slice), {
        status: 206,
        headers: { 'Content-Range': `bytes ${from}-${Number(from) + slice.length - 1}/${bytes.length}`, 'Content-Length': String(slice.length), ETag: '"a"' },
      });
    }),
  );
}

