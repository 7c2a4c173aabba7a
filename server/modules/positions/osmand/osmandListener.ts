/**
 * OSMAND_PORT: the OsmAnd endpoint alone at `/` on its own port (Traccar's default is 5055), for
 * a client or tracker configured with a bare host and port. Nothing else is served there.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { flotaErrorHandler } from '../../../platform/errorHandler';
import { Messages } from '../../../platform/errors';
import type { PositionService } from '../positionService';
import { osmandRoutes } from './osmandRoutes';

export interface OsmandListener {
  app: FastifyInstance;
}

export async function startOsmandListener(options: {
  positions: Pick<PositionService, 'submitFromDevice'>;
  logger: FastifyServerOptions['logger'];
}): Promise<OsmandListener> {
  const app = Fastify({ logger: options.logger, bodyLimit: 1024 * 1024 });
  app.setErrorHandler(flotaErrorHandler);
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: Messages.notFound }));
  await app.register(osmandRoutes, { positions: options.positions, path: '/' });
  await app.ready();
  return { app };
}
