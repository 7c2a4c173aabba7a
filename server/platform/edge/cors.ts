/**
 * CORS with @fastify/cors. The API and socket answer other origins only when listed in
 * CORS_ORIGINS (bearer tokens, no cookies: no credentials needed). The embed bundle under /embed/
 * is public code that intranet pages on any origin load as module scripts (CORS mode).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const EMBED_PATH = '/embed/';

export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  const listed = config.corsOrigins;
  await app.register(cors, {
    delegator: (request, callback) => {
      if (request.url.startsWith(EMBED_PATH)) return callback(null, { origin: '*', methods: ['GET', 'HEAD'] });
      callback(null, {
        origin: listed.length ? listed : false,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      });
    },
  });
}

/**
 * socket.io's handshake check: a browser's Origin must be the page's own (same host) or listed in
 * CORS_ORIGINS, so another site's page cannot open a live map with a token it got hold of.
 * Clients without an Origin (phones' apps, the simulator, tests) are not browsers on a page.
 */
export function socketOriginAllowed(origin: string | undefined, host: string | undefined, corsOrigins: string[]): boolean {
  if (!origin) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
