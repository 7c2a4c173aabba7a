/**
 * The OsmAnd endpoint (Traccar Client, OsmAnd, hardware trackers): a thin adapter. It reads the
 * request in either form (osmandRequest.ts) and hands the points to the position service
 * (server/modules/positions/), which finds the driver by device identifier in its cache, starts a
 * tracker shift when needed and keeps the points. Its outcomes here: accepted or ignored → 200 with
 * an empty body, as the clients expect (points a tracker would resend forever, too far in the
 * future or older than POINT_MAX_AGE_DAYS, are dropped and counted, not refused); an unknown identifier → 404, nothing stored; the per-shift cap →
 * 429 with Retry-After. Registered on the main port at /osmand and, with OSMAND_PORT, at / there.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../platform/errors';
import { IngestMessages } from '../ingest/ingest';
import type { PositionService, SubmitOutcome } from '../positionService';
import { OsmandMessages, parseOsmandJson, parseOsmandParams, type OsmandRequest } from './osmandRequest';

export const OSMAND_PATH = '/osmand';

export interface OsmandRouteOptions {
  positions: Pick<PositionService, 'submitFromDevice'>;
  /** Where the endpoint answers: OSMAND_PATH on the main port, '/' on OSMAND_PORT. */
  path: string;
}

function readRequest(request: FastifyRequest): OsmandRequest {
  const url = request.raw.url ?? '';
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  if (request.headers['content-type']?.toLowerCase().startsWith('application/json')) return parseOsmandJson(request.body, query);
  // As Traccar reads it: the URL's parameters, or the form body's when the URL has none.
  const fromBody = typeof request.body === 'string' && query.size === 0;
  return parseOsmandParams(fromBody ? new URLSearchParams(request.body as string) : query);
}

/** Throws the protocol's answer to a refusal; anything else answers 200. */
function refuse(result: SubmitOutcome): void {
  if (result.outcome !== 'refused') return;
  if (result.reason === 'unknownDevice') throw new HttpError(404, OsmandMessages.unknownDevice);
  if (result.reason === 'rateLimited') throw new HttpError(429, IngestMessages.tooManyPoints, undefined, { 'retry-after': String(result.retryAfterSeconds) });
  // noShift (its tracker shift ended under it): dropped; a tracker would only resend it.
}

export const osmandRoutes: FastifyPluginAsyncZod<OsmandRouteOptions> = async (app, { positions, path }) => {
  // Form posts and bodies of any other type arrive as text (JSON keeps Fastify's own parser).
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: path,
    // A tracker reports every few seconds: no info line per request (errors still log).
    logLevel: 'warn',
    handler: async (request, reply) => {
      const { deviceId, points } = readRequest(request);
      refuse(await positions.submitFromDevice(deviceId, points));
      return reply.code(200).send();
    },
  });
};
