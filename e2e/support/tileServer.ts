/**
 * A local stand-in for tile.openstreetmap.org (the machines reach no tile host): answers every
 * /{z}/{x}/{y}.png with a 256×256 PNG — a pale map-like grid whose tint depends on the tile, so a
 * screenshot shows that real tiles were drawn.
 */
import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG whose pixels `paint` gives. */
function png(paint: (row: number, col: number) => [number, number, number]): Buffer {
  const size = 256;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let row = 0; row < size; row += 1) {
    const offset = row * (size * 3 + 1);
    raw[offset] = 0; // filter: none
    for (let col = 0; col < size; col += 1) {
      const [r, g, b] = paint(row, col);
      raw[offset + 1 + col * 3] = r;
      raw[offset + 2 + col * 3] = g;
      raw[offset + 3 + col * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export function tilePng(z: number, x: number, y: number): Buffer {
  const tint = ((x * 31 + y * 17 + z * 7) % 5) * 4;
  return png((row, col) => {
    const street = row % 64 < 3 || col % 64 < 3;
    const edge = row === 0 || col === 0;
    return edge ? [200, 200, 200] : street ? [255, 255, 255] : [236 - tint, 232, 222 + tint / 2];
  });
}

/** One colour over the whole tile: a screenshot tells these tiles apart from anything else. */
export function solidPng(rgb: [number, number, number]): Buffer {
  return png(() => rgb);
}

export interface TileServer {
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}

export function startTileServer(port = 0): Promise<TileServer> {
  let count = 0;
  const cache = new Map<string, Buffer>();
  const server = http.createServer((request, response) => {
    const match = request.url?.match(/^\/(\d+)\/(\d+)\/(\d+)\.png$/);
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    count += 1;
    const key = match.slice(1).join('/');
    const png = cache.get(key) ?? tilePng(Number(match[1]), Number(match[2]), Number(match[3]));
    cache.set(key, png);
    response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=3600' }).end(png);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}/{z}/{x}/{y}.png`,
        requests: () => count,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
