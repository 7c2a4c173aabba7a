/**
 * What a browser gets for each kind of file: precompressed twins with Content-Encoding and Vary,
 * immutable caching for content-hashed files, revalidation for the fixed names, no source maps
 * unless asked for, compressed API answers above the threshold, and a favicon.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from './tools/testing/testServer';

const distDir = mkdtempSync(path.join(tmpdir(), 'flota-dist-'));
const INDEX = `<!doctype html><title>Flota</title><div id="root"></div>${' '.repeat(2000)}`;
const MAIN = `console.log(${JSON.stringify('flota '.repeat(500))});`;
const EMBED = `export const Flota = ${JSON.stringify('embed '.repeat(500))};`;
const ICON = Buffer.from([0, 0, 1, 0, 0, 0]);

/** Writes a file and, like the production build, its .br and .gz twins. */
function writeWithTwins(relative: string, text: string): void {
  const file = path.join(distDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that shows the bytes as sent (fetch would decompress them and hide Content-Encoding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body).toString();
  return raw.body.toString();
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
let server: TestServer;
let withMaps: TestServer | null = null;

beforeAll(async () => {
  writeWithTwins('index.html', INDEX);
  writeWithTwins('assets/main.3f9a1c2b7d.js', MAIN);
  writeFileSync(path.join(distDir, 'assets', 'main.3f9a1c2b7d.js.map'), '{"version":3}');
  writeWithTwins('embed/flota.js', EMBED);
  writeWithTwins('embed/chunks/map.0a1b2c3d4e.js', MAIN);
  writeFileSync(path.join(distDir, 'favicon.ico'), ICON);
  server = await startTestServer({ distDir });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await withMaps?.close();
});

describe('static files', () => {
  it('sends the brotli twin of a hashed asset, cached for a year as immutable', async () => {
    const response = await rawGet(`${server.url}/assets/main.3f9a1c2b7d.js`, BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.length).toBeLessThan(MAIN.length / 5);
    expect(decoded(response)).toBe(MAIN);
  });

  it('sends the gzip twin to a client without brotli, and the file as is to one that accepts neither', async () => {
    const gzip = await rawGet(`${server.url}/assets/main.3f9a1c2b7d.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(MAIN);
    const plain = await rawGet(`${server.url}/assets/main.3f9a1c2b7d.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(MAIN);
  });

  it('revalidates index.html (for client routes too), compressed', async () => {
    for (const route of ['/', '/dashboard/drivers']) {
      const response = await rawGet(`${server.url}${route}`, BROWSER);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(decoded(response)).toBe(INDEX);
    }
  });

  it('revalidates the embed entry (a fixed name) and caches its hashed chunks', async () => {
    const entry = await rawGet(`${server.url}/embed/flota.js`, BROWSER);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-encoding']).toBe('br');
    expect(decoded(entry)).toBe(EMBED);
    const chunk = await rawGet(`${server.url}/embed/chunks/map.0a1b2c3d4e.js`, BROWSER);
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect(chunk.headers['content-encoding']).toBe('br');
  });

  it('revalidates config.json', async () => {
    const response = await rawGet(`${server.url}/config.json`, BROWSER);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(decoded(response))).toMatchObject({ apiBaseUrl: '/api' });
  });

  it('does not serve source maps, nor the twins under their own names', async () => {
    expect((await rawGet(`${server.url}/assets/main.3f9a1c2b7d.js.map`)).status).toBe(404);
    expect((await rawGet(`${server.url}/assets/main.3f9a1c2b7d.js.br`)).status).toBe(404);
  });

  it('serves source maps with SERVE_SOURCE_MAPS=on', async () => {
    withMaps = await startTestServer({ distDir, serveSourceMaps: true });
    const response = await rawGet(`${withMaps.url}/assets/main.3f9a1c2b7d.js.map`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('{"version":3}');
  }, 30_000);

  it('has a /favicon.ico', async () => {
    const response = await rawGet(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/icon/);
  });
});

describe('API answers', () => {
  it('compresses a large answer and leaves a small one alone', async () => {
    const token = await server.login();
    const history = await rawGet(`${server.url}/api/shifts/history`, { ...BROWSER, authorization: `Bearer ${token}` });
    expect(history.status).toBe(200);
    expect(history.headers['content-encoding']).toBe('br');
    expect(history.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(history)).shifts.length).toBeGreaterThan(0);

    const health = await rawGet(`${server.url}/api/health`, BROWSER);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ ok: true, db: 'pglite' });
  });
});
