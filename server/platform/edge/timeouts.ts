/**
 * The HTTP server against stalled and idle clients (README, Configuration): headers and the whole
 * request (body included) must arrive in time, else Node answers 408 and closes the connection;
 * idle keep-alive connections close; one connection serves a bounded number of requests. Requests that
 * expect "100 Continue" reach the app unanswered (edge/oversizeBodies.ts decides).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Config } from '../config';

export function createTimedServer({ timeouts }: Config, handler: RequestListener): Server {
  const server = createServer(
    {
      requestTimeout: timeouts.requestMs,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      keepAliveTimeout: timeouts.keepAliveMs,
      // Node checks those deadlines every connectionsCheckingInterval (30 s by default): each
      // second, so a stalled body is closed close to its deadline.
      connectionsCheckingInterval: 1000,
    },
    handler,
  );
  server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
  // `Expect: 100-continue` goes to the app like any request: it says "100 Continue" only for a body
  // within the route's limit (oversizeBodies.ts); Node would say it to every one.
  server.on('checkContinue', handler);
  return server;
}
