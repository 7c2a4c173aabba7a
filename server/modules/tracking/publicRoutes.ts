/**
 * The passenger's routes (no session): the trip's view and its live stream, by token. Each is
 * limited per address (@fastify/rate-limit, TRACKING_REQUESTS_PER_MINUTE; the counters shared
 * through PostgreSQL when it is the database), answers with X-Robots-Tag: noindex, and says the
 * same 404 for an unknown, expired, revoked or cancelled trip's token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRACKING_GONE_MESSAGE, type TrackingView, type TrackingViewResponse } from '../../../contract/tracking';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import type { RouteSpec } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';
import type { TrackingLive } from './trackingLive';
import { readTrackedTrip, type ViewOptions } from './trackingView';

export const TrackingRateMessages = {
  tooManyRequests: 'Demasiadas solicitudes desde esta dirección. Espera un minuto e intenta nuevamente.',
  tooManyStreamsFromAddress: 'Hay demasiadas páginas de seguimiento abiertas desde esta dirección. Cierra alguna e intenta nuevamente.',
  tooManyStreamsOfTrip: 'Este viaje ya se está siguiendo en demasiadas pantallas. Cierra alguna e intenta nuevamente.',
} as const;

/** A refused stream may try again after this long (a page closing frees its place at once). */
const STREAM_RETRY_AFTER_S = 30;

export const NOINDEX = 'noindex, nofollow';
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

interface PublicRoutesOptions {
  db: Kysely<Database>;
  live: TrackingLive;
  options: () => ViewOptions;
  requestsPerMinute: number;
  /** TRACKING_STREAMS_PER_ADDRESS and TRACKING_STREAMS_PER_TOKEN: open streams at once, per server process. */
  streamLimits: { perAddress: number; perToken: number };
}

export const publicTrackingRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, { db, live, options, requestsPerMinute, streamLimits }) => {
  const limited = (spec: RouteSpec) => ({
    ...spec,
    config: {
      ...spec.config,
      rateLimit: {
        max: requestsPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `tracking|${request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
          new HttpError(429, TrackingRateMessages.tooManyRequests, undefined, { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
      },
    },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Robots-Tag', NOINDEX);
    reply.header('Cache-Control', 'no-store');
  });
  const trip = async (request: FastifyRequest) => {
    const token = (request.params as { token?: unknown }).token;
    const found = typeof token === 'string' ? await readTrackedTrip(db, token, options()) : null;
    if (!found) throw new HttpError(404, TRACKING_GONE_MESSAGE);
    return { token: token as string, found };
  };

  app.get('/public/tracking/:token', limited(routeSpecs.publicView), async (request): Promise<TrackingViewResponse> => ({ tracking: (await trip(request)).found.view }));

  app.get('/public/tracking/:token/stream', limited(routeSpecs.publicStream), async (request, reply: FastifyReply) => {
    const { token, found } = await trip(request);
    // Checked and counted in the same turn (no await between), so a burst cannot slip past the count.
    const refusal = live.refusal(request.ip, token, streamLimits);
    if (refusal) {
      const message = refusal === 'address' ? TrackingRateMessages.tooManyStreamsFromAddress : TrackingRateMessages.tooManyStreamsOfTrip;
      throw new HttpError(429, message, undefined, { 'retry-after': String(STREAM_RETRY_AFTER_S) });
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send('view', found.view);
    const heartbeat = setInterval(() => raw.write(': hola\n\n'), HEARTBEAT_MS);
    const stop = live.watch(token, request.ip, found, {
      view: (view: TrackingView) => send('view', view),
      gone: () => {
        send('gone', { error: TRACKING_GONE_MESSAGE });
        raw.end();
      },
      end: () => raw.end(),
    });
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  });
};
