/**
 * OSMAND_PORT: the OsmAnd endpoint alone at `/` on its own port (Traccar's default is 5055), for
 * a client or tracker configured with a bare host and port. Nothing else is served there.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { registerBoundedJson } from '../edge/boundedJson';
import { registerOsmandRateLimit } from '../edge/osmandRateLimit';
import { flotaErrorHandler } from '../errorHandler';
import { Messages } from '../errors';
import { OneLinePerRequest } from '../logging';
import type { RealtimePublisher } from '../realtime/publisher';
import type { SubmitPoints } from './ingestPoint';
import { osmandRoutes } from './osmandRoutes';

export interface OsmandListener {
  app: FastifyInstance;
}

export async function startOsmandListener(options: {
  db: Kysely<Database>;
  publisher: RealtimePublisher;
  submitPoints: SubmitPoints;
  logger: FastifyServerOptions['logger'];
  /** OSMAND_REQUESTS_PER_MINUTE: the same per-address limit as /osmand on the main port. */
  requestsPerMinute: number;
}): Promise<OsmandListener> {
  // One line per request like the main server, with the device id left out of the URL (logging.ts).
  const app = Fastify({ logger: options.logger, bodyLimit: 1024 * 1024, logController: new OneLinePerRequest() });
  app.setErrorHandler(flotaErrorHandler);
  registerBoundedJson(app);
  await registerOsmandRateLimit(app, options.requestsPerMinute);
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: Messages.notFound }));
  await app.register(osmandRoutes, { db: options.db, publisher: options.publisher, submitPoints: options.submitPoints, path: '/' });
  await app.ready();
  return { app };
}
