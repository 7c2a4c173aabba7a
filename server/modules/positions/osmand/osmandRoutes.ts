/**
 * The OsmAnd endpoint (Traccar Client, OsmAnd, hardware trackers): a thin adapter. It reads the
 * request in either form (osmandRequest.ts), finds the driver by device identifier, starts a
 * tracker shift when needed (trackerShift.ts) and hands the points to `submitPoints` (the ingest
 * pipeline). Answers 200 with an empty body, as the clients expect; an unknown identifier is 404
 * and stores nothing. Registered on the main port at /osmand and, with OSMAND_PORT, at / there.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/errors';
import type { RealtimePublisher } from '../../../platform/realtime/publisher';
import { findDriverByDeviceId } from '../../drivers';
import type { SubmitPoints } from './ingestPoint';
import { OsmandMessages, parseOsmandJson, parseOsmandParams, type OsmandRequest } from './osmandRequest';
import { ensureTrackerShift } from './trackerShift';

export const OSMAND_PATH = '/osmand';

export interface OsmandRouteOptions {
  db: Kysely<Database>;
  publisher: RealtimePublisher;
  submitPoints: SubmitPoints;
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

export const osmandRoutes: FastifyPluginAsync<OsmandRouteOptions> = async (app, { db, publisher, submitPoints, path }) => {
  // Form posts and bodies of any other type arrive as text (JSON keeps Fastify's own parser).
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: path,
    // A tracker reports every few seconds: no info line per request (errors still log).
    logLevel: 'warn',
    handler: async (request, reply) => {
      const { deviceId, points } = readRequest(request);
      const driver = await findDriverByDeviceId(db, deviceId);
      if (!driver) throw new HttpError(404, OsmandMessages.unknownDevice);
      if (points.length) {
        const earliest = points.reduce((a, b) => (Date.parse(b.timestamp) < Date.parse(a.timestamp) ? b : a));
        await ensureTrackerShift({ db, publisher }, driver, new Date(earliest.timestamp));
        await submitPoints({ id: driver.id, ownerId: driver.ownerId }, points);
      }
      return reply.code(200).send();
    },
  });
};
