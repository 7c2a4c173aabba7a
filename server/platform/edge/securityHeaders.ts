/**
 * Security headers with @fastify/helmet. The CSP lets the SPA, MapLibre (its worker from our
 * origin or a blob:, tiles fetched from TILE_URL's origin and drawn from blob: images), data: images
 * (QR codes) and the embed bundle work, and nothing else load. A route may override it with
 * `{ helmet: { contentSecurityPolicy: ... } }` in its options, or opt out with `{ helmet: false }`.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The origin TILE_URL's tiles come from, as a CSP source ('{s}' subdomains become a wildcard); null when same-origin. */
export function tileSource(tileUrl: string): string | null {
  const match = tileUrl.replace(/\{s\}/g, '*').match(/^(https?:\/\/[^/?#]+)/i);
  return match ? match[1] : null;
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const tiles = tileSource(config.tileUrl);
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
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // OSM's tile servers require a Referer; the origin is all another site learns.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Intranet pages on other origins load /embed/flota.js and its chunks.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // X-Frame-Options cannot name other origins; frame-ancestors does, and wins where both are set.
    xFrameOptions: framedElsewhere ? false : { action: config.frameAncestors[0] === "'none'" ? 'deny' : 'sameorigin' },
  });
}
