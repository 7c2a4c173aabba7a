/**
 * Security headers with @fastify/helmet. The CSP lets the SPA, MapLibre (its worker from our
 * origin or a blob:, tiles fetched from TILE_URL's origin and drawn from blob: images), data: images
 * (QR codes) and the embed bundle work, and nothing else load. The same headers on every answer
 * (no route overrides them), computed once at start.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { effectiveTileUrl } from '../baseMapArchive';
import type { Config } from '../config';

/** The origin TILE_URL's tiles come from, as a CSP source ('{s}' subdomains become a wildcard); null when same-origin. */
export function tileSource(tileUrl: string): string | null {
  const match = tileUrl.replace(/^pmtiles:\/\//, '').replace(/\{s\}/g, '*').match(/^(https?:\/\/[^/?#]+)/i);
  return match ? match[1] : null;
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const tiles = tileSource(effectiveTileUrl(config));
  const extra = tiles ? [tiles] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // The embed bundle carries its CSS in <style> elements; inline styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extra],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the socket's ws(s): on the same host.
    'connect-src': ["'self'", ...extra],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': config.frameAncestors,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const framedElsewhere = config.frameAncestors.some((source) => source.startsWith('http'));
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // OSM's tile servers require a Referer; the origin is all another site learns.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Intranet pages on other origins load /embed/flota.js and its chunks.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // X-Frame-Options cannot name other origins; frame-ancestors does, and wins where both are set.
    xFrameOptions: framedElsewhere ? false : { action: config.frameAncestors[0] === "'none'" ? 'deny' : 'sameorigin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers @fastify/helmet sends with these options, read once from a throwaway server. They
 * depend on no request (no CSP nonces here), while @fastify/helmet builds helmet's middleware,
 * parsing the CSP again, on every request: ~8 % of the position ingest's CPU under the stream.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string | string[]>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject('/')).headers;
    } finally {
      await probe.close();
    }
  };
  const [secured, bare] = await Promise.all([answer(true), answer(false)]);
  const added: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(secured)) if (!(name in bare) && value !== undefined) added[name] = typeof value === 'number' ? String(value) : value;
  return added;
}
