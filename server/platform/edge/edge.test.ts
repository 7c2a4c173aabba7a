/**
 * The server's edge as a client sees it: security headers, CORS, the socket's Origin check, and
 * connections that stall (headers or body) closed by the server.
 */
import net from 'node:net';
import { io as connect } from 'socket.io-client';
import { SOCKET_PATH } from '../../../contract/socket';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';

const INTRANET = 'https://intranet.example.cl';
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({
    tileUrl: 'https://{s}.tiles.example.cl/{z}/{x}/{y}.png',
    corsOrigins: [INTRANET],
    frameAncestors: ["'self'", INTRANET],
    timeouts: { headersMs: 1000, requestMs: 2000, keepAliveMs: 5000, maxRequestsPerSocket: 100 },
  });
  token = await server.login();
}, 60_000);
afterAll(() => server.close());

function directives(csp: string | null): Record<string, string> {
  return Object.fromEntries((csp ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
}

describe('security headers', () => {
  it('send a CSP that allows the app, its tiles and its worker, and who may frame it', async () => {
    for (const path of ['/api/health', '/config.json', '/no-existe']) {
      const response = await fetch(`${server.url}${path}`);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp['default-src']).toBe("'self'");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['img-src']).toBe("'self' data: blob: https://*.tiles.example.cl");
      expect(csp['connect-src']).toBe("'self' https://*.tiles.example.cl");
      expect(csp['worker-src']).toBe("'self' blob:");
      expect(csp['object-src']).toBe("'none'");
      expect(csp['frame-ancestors']).toBe(`'self' ${INTRANET}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // frame-ancestors names the intranet; X-Frame-Options could not, so it is not sent.
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
  });
});

describe('CORS', () => {
  it('answers a listed origin, and nobody else', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/drivers`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    const listed = await preflight(INTRANET);
    expect(listed.status).toBe(204);
    expect(listed.headers.get('access-control-allow-origin')).toBe(INTRANET);
    expect(listed.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    const other = await preflight('https://otro.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const get = await fetch(`${server.url}/api/drivers`, { headers: { origin: INTRANET, authorization: `Bearer ${token}` } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe(INTRANET);
  });

  it('lets intranet pages on any origin load the embed bundle (module scripts are fetched with CORS)', async () => {
    const response = await fetch(`${server.url}/embed/flota.js`, { headers: { origin: 'https://cualquier.example.org' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('socket.io Origin check', () => {
  const open = (origin: string | undefined) =>
    new Promise<string>((resolve) => {
      const socket = connect(server.url, {
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(origin ? { extraHeaders: { origin } } : {}),
      });
      socket.once('connect', () => {
        socket.close();
        resolve('conectado');
      });
      socket.once('connect_error', (error) => {
        socket.close();
        resolve(error.message);
      });
    });

  it('accepts the page’s own origin, listed origins and clients without one; refuses other sites', async () => {
    expect(await open(server.url)).toBe('conectado');
    expect(await open(INTRANET)).toBe('conectado');
    expect(await open(undefined)).toBe('conectado');
    expect(await open('https://malicioso.example.com')).not.toBe('conectado');
  });
});

describe('stalled clients', () => {
  /** Opens a raw connection, writes `text`, then stays silent; resolves with ms until the server closes it. */
  function stall(text: string): Promise<{ closedAfterMs: number; answer: string }> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(server.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const started = Date.now();
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('connect', () => socket.write(text));
      socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, answer }));
      socket.on('error', reject);
      // The test's own bound: a connection still open after this means the server never closed it.
      setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept the stalled connection open'));
      }, 15_000).unref();
    });
  }

  it('closes a request whose body stalls, and one whose headers stall, while others are served', async () => {
    const body = stall('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"rut":');
    const headers = stall('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Lento: ');
    // Meanwhile the server answers everybody else.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const [stalledBody, stalledHeaders] = await Promise.all([body, headers]);
    expect(stalledBody.answer).toMatch(/^HTTP\/1.1 408/);
    expect(stalledHeaders.answer).toMatch(/^HTTP\/1.1 408/);
  });
});
