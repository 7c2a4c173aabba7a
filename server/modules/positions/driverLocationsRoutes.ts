/**
 * POST /api/driver/locations: a batch of GPS points from the driver's phone, answered 202 once
 * they are committed. A thin adapter onto the ingest pipeline (server/ingest/ingest.ts), which
 * holds the rules: points before the shift ignored (`accepted` counts the kept ones), points more
 * than 2 minutes in the future refuse the batch, a per-shift cap on points a minute (429).
 *
 * No log line per request here (logLevel warn): the ingest counts and logs a summary a minute.
 *
 * With INGEST_BENCH_CEILING=on (benchmarks only), POST /api/driver/bench-ceiling verifies a driver
 * token and answers 202, nothing else: the most this machine's HTTP stack can do, to compare with.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import { locationBatchSchema } from '../../../contract/api';
import { bearerToken, signedInDriver } from '../identity';
import { verifyDriverToken } from '../identity';
import { HttpError, Messages, parseBody } from '../../platform/errors';
import type { Ingest } from './ingest/ingest';
import { DRIVER } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';

export { FUTURE_TOLERANCE_MS } from './ingest/ingest';

export interface LocationsAccepted {
  accepted: number;
}

export interface DriverLocationsOptions {
  ingest: Ingest;
  authenticateDriver: preHandlerAsyncHookHandler;
  jwtSecret: string;
  benchCeiling: boolean;
}

export const driverLocationsRoutes: FastifyPluginAsync<DriverLocationsOptions> = async (app, { ingest, authenticateDriver, jwtSecret, benchCeiling }) => {
  app.post('/driver/locations', { logLevel: 'warn', preHandler: authenticateDriver, ...routeSpecs.postLocations }, async (request, reply): Promise<LocationsAccepted> => {
    const driver = signedInDriver(request);
    const { locations } = parseBody(locationBatchSchema, request.body);
    try {
      const { accepted } = await ingest.submit(driver, locations);
      reply.code(202);
      return { accepted };
    } catch (error) {
      ingest.stats.refused++;
      throw error;
    }
  });

  if (benchCeiling) {
    app.post('/driver/bench-ceiling', { logLevel: 'warn', config: { access: DRIVER } }, async (request, reply): Promise<LocationsAccepted> => {
      const token = bearerToken(request.headers.authorization);
      if (!token || !(await verifyDriverToken(token, jwtSecret))) throw new HttpError(401, Messages.sessionExpired);
      reply.code(202);
      return { accepted: 0 };
    });
  }
};
