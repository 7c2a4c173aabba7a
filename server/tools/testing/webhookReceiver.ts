/**
 * A webhook receiver on 127.0.0.1 for tests and the bench: it records every request (raw body and
 * headers) and answers as `respond` says: a status, or 'hold' (never answers until released, like
 * a receiver stuck mid-request).
 */
import http from 'node:http';

export interface ReceivedRequest {
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export type ReceiverAnswer = number | 'hold';

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Requests answered so far, and those held. */
  held(): number;
  /** Answers every held request with `status` and ends holding. */
  release(status?: number): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(respond: (request: ReceivedRequest, index: number) => ReceiverAnswer, port = 0): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const holding: http.ServerResponse[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { body: Buffer.concat(chunks).toString('utf8'), headers: request.headers, at: performance.now() };
      received.push(entry);
      for (const waiter of [...waiters]) if (received.length >= waiter.count) waiter.resolve();
      const answer = respond(entry, received.length - 1);
      if (answer === 'hold') holding.push(response);
      else response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    received,
    held: () => holding.length,
    release(status = 200) {
      for (const response of holding.splice(0)) if (!response.destroyed) response.writeHead(status).end('ok');
    },
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${count} requests`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      for (const response of holding.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
