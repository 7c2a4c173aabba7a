/**
 * A body over its route's limit gets the Spanish 413, and nothing else: never a reset, never a
 * "100 Continue" that asks the client to send what will be refused.
 *
 * Why clients saw resets: Fastify answers 413 as soon as Content-Length says too much (or once the
 * bytes read pass the limit) and marks the answer `Connection: close`; Node then closes the socket
 * while the client is still sending. Closing a socket with unread bytes in its receive buffer makes
 * the kernel send RST instead of FIN, and a client that gets RST before it read the 413 loses the
 * answer too (ECONNRESET, "no answer at all"): by chance on a large body, always with
 * `Expect: 100-continue`, where Node had already said "100 Continue" and the whole body followed.
 *
 * Here: an answer sent before its request's body has all arrived keeps the connection open, so Node
 * reads the rest of the body and throws it away (what nginx calls lingering close) and the client
 * reads its 413; REQUEST_TIMEOUT_SECONDS still bounds how long a body may take. And "100 Continue"
 * is sent only for a body within its route's limit (timeouts.ts hands `Expect` requests here instead
 * of letting Node answer them): over it, the 413 is the first thing the client hears.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const expectsContinue = (request: FastifyRequest) => String(request.headers.expect ?? '').toLowerCase() === '100-continue';

function declaredOverLimit(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && length > request.routeOptions.bodyLimit;
}

export function registerOversizeBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (expectsContinue(request) && !declaredOverLimit(request)) reply.raw.writeContinue();
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Fastify's `Connection: close` on a refused body would reset a client still sending it.
    if (!request.raw.complete && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    return payload;
  });
}
