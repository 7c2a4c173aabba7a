/** TILES_PMTILES: the archive checked at start, served with Range on Flota's origin, and named in config.json. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { pmtilesArchive, tileAt, writePmtilesArchive } from '../tools/testing/pmtilesArchive';
import { startTestServer, type TestServer } from '../tools/testing/testServer';
import { ConfigError, loadConfig } from './config';

const folder = mkdtempSync(path.join(tmpdir(), 'flota-pmtiles-'));
const archive = path.join(folder, 'la ligua.pmtiles');
const LA_LIGUA: [number, number] = [-71.2264, -32.4519];
const tiles = [12, 13].map((z) => ({ z, ...tileAt(...LA_LIGUA, z), data: Buffer.from(`tile ${z}`) }));
writePmtilesArchive(archive, tiles, { bounds: [-71.3, -32.5, -71.15, -32.4] });
writeFileSync(path.join(folder, 'secret.txt'), 'not a tile');

/** A PMTiles source over bytes in memory: the reader the browser uses, without a browser. */
class BufferSource implements Source {
  constructor(private readonly bytes: Buffer) {}
  getKey() {
    return 'memory';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const slice = this.bytes.subarray(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer };
  }
}

describe('the test archive writer', () => {
  it('writes an archive that the pmtiles reader reads back, tile by tile', async () => {
    const reader = new PMTiles(new BufferSource(pmtilesArchive(tiles, { bounds: [-71.3, -32.5, -71.15, -32.4] })));
    const header = await reader.getHeader();
    expect(header).toMatchObject({ minZoom: 12, maxZoom: 13, tileType: 2, numAddressedTiles: 2 });
    for (const tile of tiles) {
      const found = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(Buffer.from(found?.data ?? new ArrayBuffer(0)).toString()).toBe(`tile ${tile.z}`);
    }
    expect(await reader.getZxy(12, tiles[0].x + 1, tiles[0].y)).toBeUndefined();
  });
});

describe('TILES_PMTILES', () => {
  it('refuses at start, in Spanish, a file that is missing or is not a PMTiles v3 archive', () => {
    const load = (file: string) => () => loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: folder, TILES_PMTILES: file });
    expect(load(path.join(folder, 'missing.pmtiles'))).toThrow(new ConfigError(`TILES_PMTILES: no se puede leer el archivo ${path.join(folder, 'missing.pmtiles')}`));
    expect(load(path.join(folder, 'secret.txt'))).toThrow(/no es un archivo PMTiles/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: folder, TILES_PMTILES: archive }).tilesPmtiles).toBe(archive);
  });

  describe('served', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ tilesPmtiles: archive, tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });

    it('names the archive on Flota\'s own origin in config.json, and the CSP lets no tile host in', async () => {
      const response = await fetch(`${server.url}/config.json`);
      expect(((await response.json()) as { tileUrl: string }).tileUrl).toBe('pmtiles:///tiles/la%20ligua.pmtiles');
      expect(response.headers.get('content-security-policy')).not.toContain('openstreetmap');
    });

    it('answers Range requests with 206 and the bytes asked for', async () => {
      const whole = pmtilesArchive(tiles, { bounds: [-71.3, -32.5, -71.15, -32.4] });
      const response = await fetch(`${server.url}/tiles/la%20ligua.pmtiles`, { headers: { Range: 'bytes=0-126' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes 0-126/${whole.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(0, 127))).toBe(true);
    });

    it('serves nothing else from the archive\'s folder', async () => {
      expect((await fetch(`${server.url}/tiles/secret.txt`)).status).toBe(404);
      expect((await fetch(`${server.url}/tiles/..%2fsecret.txt`)).status).toBe(404);
    });
  });
});
