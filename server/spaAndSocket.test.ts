/** SPA serving, runtime config and the socket.io handshake, against a real listening server. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from './tools/testing/testServer';

let server: TestServer;
let token: string;
const distDir = mkdtempSync(path.join(tmpdir(), 'flota-dist-'));
const INDEX = '<!doctype html><title>Flota</title><div id="root"></div>';
const EMBED_DEMO = '<!doctype html><title>Intranet</title><div id="flota-host"></div>';

beforeAll(async () => {
  writeFileSync(path.join(distDir, 'index.html'), INDEX);
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets', 'main.3f9a1c2b7d.js'), 'console.log(1)');
  mkdirSync(path.join(distDir, 'embed-demo'));
  writeFileSync(path.join(distDir, 'embed-demo', 'index.html'), EMBED_DEMO);
  server = await startTestServer({ distDir, tileUrl: 'http://tiles.local/{z}/{x}/{y}.png' });
  token = await server.login();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('SPA', () => {
  it('serves index.html for client routes, without caching', async () => {
    for (const route of ['/', '/dashboard/drivers', '/login?next=/dashboard']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, and 404s missing files and API routes as JSON', async () => {
    const asset = await fetch(`${server.url}/assets/main.3f9a1c2b7d.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/nothing.js`);
    expect(missing.status).toBe(404);
    const api = await fetch(`${server.url}/api/dashboard`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Recurso no encontrado' });
  });

  it('serves the example intranet page at /embed-demo and /intranet/flota, not the SPA', async () => {
    for (const route of ['/embed-demo', '/embed-demo/', '/intranet/flota']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(EMBED_DEMO);
    }
  });

  it('serves the runtime config', async () => {
    const response = await fetch(`${server.url}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      apiBaseUrl: '/api',
      socketUrl: '',
      socketPath: '/socket.io',
      tileUrl: 'http://tiles.local/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap contributors',
      staleAfterSeconds: 120,
    });
  });
});

describe('socket.io', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  function open(auth: Record<string, unknown>): Promise<{ socket: Socket; error?: Error }> {
    const socket = connect(server.url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.on('connect', () => resolve({ socket }));
      socket.on('connect_error', (error) => resolve({ socket, error }));
    });
  }

  it('refuses a handshake without a token or with a bad one', async () => {
    expect((await open({})).error?.message).toBe('No autorizado');
    expect((await open({ token: `${token}x` })).error?.message).toBe('No autorizado');
  });

  it('accepts a valid token and joins only the own room', async () => {
    const { socket, error } = await open({ token });
    expect(error).toBeUndefined();
    const ack = (id: number) =>
      new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('join_owner_room', id, resolve));
    expect(await ack(server.seed.ownerId + 1)).toEqual({ ok: false, error: 'Sala no permitida' });
    expect(await ack(server.seed.ownerId)).toEqual({ ok: true });
    const rooms = await server.io.in(`owner:${server.seed.ownerId}`).fetchSockets();
    expect(rooms).toHaveLength(1);
  });
});
