/**
 * POST /api/driver/locations: a batch of GPS points from the driver's phone, answered 202 once
 * they are committed. A thin adapter onto the position service (server/modules/positions/), which
 * holds the rules; its outcomes in HTTP: accepted or ignored → 202 with `accepted` (the kept
 * points), a point more than 2 minutes in the future → 400 naming it, no active shift → 409, the
 * per-shift cap → 429 with Retry-After, a driver gone since the token check → 401.
 *
 * No log line per request here (logLevel warn): the ingest counts and logs a summary a minute.
 *
 * With INGEST_BENCH_CEILING=on (benchmarks only), POST /api/driver/bench-ceiling verifies a driver
 * token and answers 202, nothing else: the most this machine's HTTP stack can do, to compare with.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';

import { bearerToken, signedInDriver } from '../identity';
import { verifyDriverToken } from '../identity';
import { HttpError, Messages } from '../../platform/errors';
import { IngestMessages } from './ingest/ingest';
import type { PositionService, SubmitOutcome } from './positionService';
import { DRIVER } from '../../platform/routeSpec';
import { routeSpecs } from './routeSpecs';

export { FUTURE_TOLERANCE_MS } from './ingest/ingest';

export interface LocationsAccepted {
  accepted: number;
}

export interface DriverLocationsOptions {
  positions: Pick<PositionService, 'submitFromDriver'>;
  authenticateDriver: preHandlerAsyncHookHandler;
  jwtSecret: string;
  benchCeiling: boolean;
}

/** The kept points' count, or the HttpError the driver API has always answered. */
function answer(result: SubmitOutcome): LocationsAccepted {
  if (result.outcome === 'accepted') return { accepted: result.accepted };
  if (result.outcome === 'ignored') return { accepted: 0 };
  switch (result.reason) {
    case 'future':
      throw new HttpError(400, IngestMessages.futureLocation, { [`locations.${result.index}.timestamp`]: IngestMessages.futureLocation });
    case 'noShift':
      throw new HttpError(409, IngestMessages.noActiveShift);
    case 'rateLimited':
      throw new HttpError(429, IngestMessages.tooManyPoints, undefined, { 'retry-after': String(result.retryAfterSeconds) });
    default:
      throw new HttpError(401, Messages.sessionExpired);
  }
}

export const driverLocationsRoutes: FastifyPluginAsyncZod<DriverLocationsOptions> = async (app, { positions, authenticateDriver, jwtSecret, benchCeiling }) => {
  app.post('/driver/locations', { logLevel: 'warn', preValidation: authenticateDriver, ...routeSpecs.postLocations }, async (request, reply): Promise<LocationsAccepted> => {
    const driver = signedInDriver(request);
    const { locations } = request.body;
    const body = answer(await positions.submitFromDriver(driver, locations));
    reply.code(202);
    return body;
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
