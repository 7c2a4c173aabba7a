/**
 * Serves the built SPA from DIST_DIR (when it exists) with history fallback, and the SPA's runtime
 * config at /config.json. Files come precompressed from the build (.br/.gz beside each one, see
 * webpack.config.ts); content-hashed assets are cached for a year as immutable; index.html, config,
 * the embed entry (flota.js, a fixed name) and every other unhashed file are revalidated. Source
 * maps are served only with SERVE_SOURCE_MAPS=on.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../contract/api';
import { runtimeConfigDefaults, type ConfigJson } from '../../contract/runtimeConfig';
import { SOCKET_PATH } from '../../contract/socket';
import { effectiveTileUrl } from './baseMapArchive';
import type { Config } from './config';

/** config.json: its schema and defaults are the contract's (contract/runtimeConfig.ts). */
export type SpaRuntimeConfig = ConfigJson;

const NO_CACHE = 'no-cache';
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** webpack's [contenthash] in a file name, e.g. main.3f9a1c2b7d.js */
const HASHED = /[.-][0-9a-f]{8,32}\.[a-z0-9]+$/i;
/** The precompressed twin @fastify/static picked (main.3f9a1c2b7d.js.br): its cache rule is the original's. */
const COMPRESSED_TWIN = /\.(br|gz)$/;
/** Text files the build precompresses: their answer depends on Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt)$/i;

/** Cache-Control and Vary for a file served from dist/. */
export function staticFileHeaders(filePath: string): Record<string, string> {
  const name = path.basename(filePath).replace(COMPRESSED_TWIN, '');
  const headers: Record<string, string> = { 'Cache-Control': HASHED.test(name) ? LONG_CACHE : NO_CACHE };
  if (COMPRESSIBLE.test(name)) headers.Vary = 'Accept-Encoding';
  return headers;
}

export function spaRuntimeConfig(config: Config): SpaRuntimeConfig {
  return {
    apiBaseUrl: runtimeConfigDefaults.apiBaseUrl,
    socketUrl: runtimeConfigDefaults.socketUrl,
    socketPath: runtimeConfigDefaults.socketPath,
    tileUrl: effectiveTileUrl(config),
    tileAttribution: config.tileAttribution,
    staleAfterSeconds: config.staleAfterSeconds,
    ...(config.devTools === null ? {} : { devTools: config.devTools }),
  };
}

export function hasSpa(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

/** Paths the SPA router owns: not the API, not socket.io, and not a file name (those 404 when missing). */
export function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (pathname === API_BASE_PATH || pathname.startsWith(`${API_BASE_PATH}/`)) return false;
  if (pathname.startsWith(`${SOCKET_PATH}/`) || pathname === SOCKET_PATH) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last);
}

export async function sendIndexHtml(reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', NO_CACHE);
  await reply.sendFile('index.html');
}

export async function registerSpa(app: FastifyInstance, config: Config): Promise<boolean> {
  const runtime = spaRuntimeConfig(config);
  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return runtime;
  });

  if (!hasSpa(config.distDir)) return false;
  // @fastify/cors puts Vary: Origin on the reply, which would replace the Vary: Accept-Encoding
  // that setHeaders wrote on the raw response of a precompressed file: keep both.
  app.addHook('onSend', async (_request, reply, payload) => {
    const fromStatic = reply.raw.getHeader('vary');
    const fromReply = reply.getHeader('vary');
    if (fromStatic && fromReply && !String(fromReply).toLowerCase().includes('accept-encoding')) reply.header('Vary', `${String(fromReply)}, ${String(fromStatic)}`);
    return payload;
  });
  await app.register(fastifyStatic, {
    root: config.distDir,
    prefix: '/',
    cacheControl: false,
    // main.js.br or main.js.gz when the browser accepts them and the build made them.
    preCompressed: true,
    // The .br/.gz twins are reached through their original's URL only; maps only when asked for.
    allowedPath: (pathname) => !COMPRESSED_TWIN.test(pathname) && (config.serveSourceMaps || !pathname.endsWith('.map')),
    setHeaders(res, filePath) {
      for (const [name, value] of Object.entries(staticFileHeaders(filePath))) res.setHeader(name, value);
    },
  });
  // The example intranet page that embeds Flota (dist/embed-demo/index.html), at /embed-demo and
  // where an intranet would put it, /intranet/flota (Flota routes in the hash there).
  if (existsSync(path.join(config.distDir, EMBED_DEMO_PAGE))) {
    for (const url of ['/embed-demo', '/intranet/flota']) {
      app.get(url, async (_request, reply) => {
        reply.header('Cache-Control', NO_CACHE);
        await reply.sendFile(EMBED_DEMO_PAGE);
      });
    }
  }
  // The passenger's page (issue 36): its own small entry, never indexed.
  if (existsSync(path.join(config.distDir, PASSENGER_PAGE))) {
    app.get('/seguimiento/:token', async (_request, reply) => {
      reply.header('Cache-Control', NO_CACHE);
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      await reply.sendFile(PASSENGER_PAGE);
    });
  }
  // "Pedir un taxi" (issue 36, item 5): the same kind of page; whether the fleet's page is on is the API's to say.
  if (existsSync(path.join(config.distDir, REQUEST_PAGE))) {
    app.get('/pedir/:fleetCode', async (_request, reply) => {
      reply.header('Cache-Control', NO_CACHE);
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      await reply.sendFile(REQUEST_PAGE);
    });
  }
  return true;
}

const EMBED_DEMO_PAGE = 'embed-demo/index.html';
/** dist/seguimiento.html: the passenger entry's page (webpack.config.ts). */
export const PASSENGER_PAGE = 'seguimiento.html';
/** dist/pedir.html: the "Pedir un taxi" entry's page (webpack.config.ts). */
export const REQUEST_PAGE = 'pedir.html';
