/**
 * OSMAND_PORT: the OsmAnd endpoint alone at `/` on its own port (Traccar's default is 5055), for
 * a client or tracker configured with a bare host and port. Nothing else is served there.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { BODY_LIMITS } from '../../../../contract/bodyLimits';
import { registerBoundedJson } from '../../../platform/edge/boundedJson';
import { registerOversizeBodies } from '../../../platform/edge/oversizeBodies';
import { registerOsmandRateLimit } from '../../../platform/edge/osmandRateLimit';
import { flotaErrorHandler } from '../../../platform/errorHandler';
import { Messages } from '../../../platform/errors';
import { OneLinePerRequest } from '../../../platform/logging';
import type { PositionService } from '../positionService';
import { osmandRoutes } from './osmandRoutes';

export interface OsmandListener {
  app: FastifyInstance;
}

export async function startOsmandListener(options: {
  positions: Pick<PositionService, 'submitFromDevice'>;
  logger: FastifyServerOptions['logger'];
  /** OSMAND_REQUESTS_PER_MINUTE: the same per-address limit as /osmand on the main port. */
  requestsPerMinute: number;
}): Promise<OsmandListener> {
  // One line per request like the main server, with the device id left out of the URL (logging.ts).
  const app = Fastify({ logger: options.logger, bodyLimit: BODY_LIMITS.default, logController: new OneLinePerRequest() });
  app.setErrorHandler(flotaErrorHandler);
  registerBoundedJson(app);
  registerOversizeBodies(app);
  await registerOsmandRateLimit(app, options.requestsPerMinute);
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: Messages.notFound }));
  await app.register(osmandRoutes, { positions: options.positions, path: '/' });
  await app.ready();
  return { app };
}
