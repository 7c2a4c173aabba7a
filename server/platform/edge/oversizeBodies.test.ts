/**
 * Body limits as a client on a raw socket sees them (issue 45): every route's limit lets a body of
 * exactly that size through and refuses one byte more with the Spanish 413; a body over the limit,
 * sent whole while the answer comes, never loses its answer to a reset; with `Expect:
 * 100-continue`, an oversized body hears the 413 before any "100 Continue", a fitting one hears
 * "100 Continue" and is read. contract/bodyLimits.ts holds the limits.
 */
import net from 'node:net';
import { BODY_LIMITS } from '../../../contract/bodyLimits';
import { startTestServer, type TestServer } from '../../tools/testing/testServer';

let server: TestServer;
let token: string;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
  port = Number(new URL(server.url).port);
}, 90_000);
afterAll(() => server?.close());

const TOO_LARGE = { error: 'La solicitud es demasiado grande' };

interface RawAnswer {
  /** Everything the server wrote, in order ("HTTP/1.1 100 Continue" included). */
  text: string;
  status: number | null;
  body: unknown;
  /** A socket error the client met (ECONNRESET, EPIPE), or null. */
  error: string | null;
  /** Bytes of the body written before the answer ended the exchange. */
  sent: number;
}

/**
 * One request on a raw socket: its headers, then `bodySize` bytes of `fill` (JSON `{"x":"…"}` of
 * exactly that size unless raw), written in 64 KB pieces as fast as the socket takes them; with
 * `expectContinue`, the body waits for "100 Continue" (and is never sent after a final answer).
 */
function rawRequest(options: { method: string; path: string; bodySize: number; contentType?: string; expectContinue?: boolean; raw?: Buffer }): Promise<RawAnswer> {
  const body = options.raw ?? Buffer.from(`{"x":"${'a'.repeat(Math.max(0, options.bodySize - 8))}"}`);
  const head = [
    `${options.method} ${options.path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: ${options.contentType ?? 'application/json'}`,
    `Content-Length: ${body.length}`,
    ...(options.expectContinue ? ['Expect: 100-continue'] : []),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let sent = 0;
    let finished = false;
    const text = () => Buffer.concat(chunks).toString('latin1');
    const finalAnswer = () => /HTTP\/1\.1 (?!100)\d{3}/.test(text());
    const done = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      const all = text();
      const final = all.slice(all.search(/HTTP\/1\.1 (?!100)\d{3}/));
      const status = /^HTTP\/1\.1 (\d{3})/.exec(final)?.[1];
      const payload = final.slice(final.indexOf('\r\n\r\n') + 4);
      let parsed: unknown = payload;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'latin1').toString('utf8'));
      } catch {
        // not JSON: kept as text
      }
      resolve({ text: all, status: status ? Number(status) : null, body: parsed, error, sent });
    };
    const writeBody = async () => {
      for (let at = 0; at < body.length && !finished && !socket.destroyed; at += 65_536) {
        if (options.expectContinue && finalAnswer()) return;
        const piece = body.subarray(at, at + 65_536);
        sent += piece.length;
        if (!socket.write(piece)) await new Promise((go) => socket.once('drain', go));
      }
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const all = text();
      if (options.expectContinue && all.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && sent === 0) void writeBody();
      // A whole answer (its Content-Length read): the exchange is over.
      const final = all.slice(Math.max(0, all.search(/HTTP\/1\.1 (?!100)\d{3}/)));
      const length = /\r\ncontent-length: (\d+)/i.exec(final)?.[1];
      const start = final.indexOf('\r\n\r\n');
      if (finalAnswer() && length !== undefined && start >= 0 && Buffer.byteLength(final.slice(start + 4), 'latin1') >= Number(length)) setTimeout(done, 50);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
      done();
    });
    socket.on('close', done);
    socket.setTimeout(60_000, done);
    socket.write(head, () => {
      if (!options.expectContinue) void writeBody();
    });
  });
}

describe('each route’s body limit', () => {
  const cases: [string, string, number][] = [
    ['POST', '/api/vehicles', BODY_LIMITS.default],
    ['POST', '/api/zones/import', BODY_LIMITS.zonesImport],
    ['POST', '/api/dispatch/places/import', BODY_LIMITS.placesImport],
  ];
  it.each(cases)('%s %s takes a body of its limit and refuses one byte more with the Spanish 413', async (method, path, limit) => {
    const atLimit = await rawRequest({ method, path, bodySize: limit });
    expect([atLimit.status, atLimit.error]).toEqual([400, null]);
    const over = await rawRequest({ method, path, bodySize: limit + 1 });
    expect([over.status, over.body, over.error]).toEqual([413, TOO_LARGE, null]);
  });

  // A 5 MB file itself goes through in e2e/threeServers.spec.ts (4 MB through nginx): storing one in
  // PGlite takes seconds a megabyte on a loaded machine.
  it('PUT /api/documents/:id/file reads a body of its limit (and refuses the file over 5 MB in its own words), and refuses one byte more', async () => {
    const vehicle = await server.db.selectFrom('vehicles').select('id').where('owner_id', '=', server.seed.ownerId).orderBy('id').executeTakeFirstOrThrow();
    const created = await fetch(`${server.url}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ vehicle_id: vehicle.id, kind: 'soap', expires_on: '2027-03-31' }),
    });
    const { document } = (await created.json()) as { document: { id: number } };
    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
    const path = `/api/documents/${document.id}/file`;
    const atLimit = await rawRequest({ method: 'PUT', path, bodySize: 0, raw: pdf(BODY_LIMITS.documentFile), contentType: 'application/pdf' });
    expect([atLimit.status, atLimit.body, atLimit.error]).toEqual([413, { error: 'El archivo supera los 5 MB', fields: { file: 'El archivo supera los 5 MB' } }, null]);
    const over = await rawRequest({ method: 'PUT', path, bodySize: 0, raw: pdf(BODY_LIMITS.documentFile + 1), contentType: 'application/pdf' });
    expect([over.status, over.body, over.error]).toEqual([413, TOO_LARGE, null]);
  });
});

describe('a body over the limit', () => {
  it('gets its 413 every time while the client sends it whole, never a reset', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await rawRequest({ method: 'POST', path: '/api/vehicles', bodySize: 4 * BODY_LIMITS.default });
      answers.push(`${answer.status} ${JSON.stringify(answer.body)} ${answer.error ?? 'sin error'}`);
    }
    expect(answers).toEqual(Array(12).fill(`413 ${JSON.stringify(TOO_LARGE)} sin error`));
  });

  it('with Expect: 100-continue, hears the 413 first and is never asked for the body', async () => {
    const answer = await rawRequest({ method: 'POST', path: '/api/vehicles', bodySize: 2 * BODY_LIMITS.default, expectContinue: true });
    expect(answer.text.startsWith('HTTP/1.1 413 ')).toBe(true);
    expect([answer.status, answer.body, answer.error, answer.sent]).toEqual([413, TOO_LARGE, null, 0]);
  });

  it('with Expect: 100-continue, a body within the limit hears "100 Continue" and is read', async () => {
    const answer = await rawRequest({ method: 'POST', path: '/api/vehicles', bodySize: 1000, expectContinue: true });
    expect(answer.text.startsWith('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 400 ')).toBe(true);
    expect([answer.status, answer.error, answer.sent]).toEqual([400, null, 1000]);
  });
});
