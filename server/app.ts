/** buildServer: HTTP routes under /api, the SPA, and socket.io, without listening (testable). */
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE_PATH } from '../contract/api';
import { registerAccessGuard } from './auth/accessGuard';
import { makeAuthenticate, makeAuthenticateDriver } from './auth/authenticate';
import type { Config } from './config';
import type { DatabaseKind } from './db/client';
import type { Database } from './db/schema';
import { registerEdge } from './edge';
import type { ThrottleLimits } from './edge/loginThrottle';
import { createTimedServer } from './edge/timeouts';
import { flotaErrorHandler } from './errorHandler';
import { Messages } from './errors';
import { createIngest } from './ingest/ingest';
import { OneLinePerRequest } from './logging';
import { registerOpenApi } from './openapi/plugin';
import { startIdleShiftSweep } from './osmand/idleShiftSweep';
import { registerOsmandRateLimit } from './edge/osmandRateLimit';
import { startOsmandListener, type OsmandListener } from './osmand/osmandListener';
import { OSMAND_PATH, osmandRoutes } from './osmand/osmandRoutes';
import { submitToIngest } from './osmand/submitToIngest';
import { driverDeviceIdRoutes } from './routes/driverDeviceId';
import { driverMeRoutes } from './routes/driverMe';
import { attachPostgresAdapter } from './realtime/postgresAdapter';
import { createPublisher } from './realtime/publisher';
import { disconnectSessions } from './realtime/sessionRooms';
import { createSocketServer, type FlotaSocketServer } from './realtime/socketServer';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { driverLocationsRoutes } from './routes/driverLocations';
import { driverLoginRoutes } from './routes/driverLogin';
import { driversRoutes } from './routes/drivers';
import { driverShiftsRoutes } from './routes/driverShifts';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { shiftLocationsRoutes } from './routes/shiftLocations';
import { shiftEndRoutes } from './routes/shiftEnd';
import { shiftsRoutes } from './routes/shifts';
import { usersRoutes } from './routes/users';
import { vehiclesRoutes } from './routes/vehicles';
import { isSpaRoute, registerSpa, sendIndexHtml } from './spa';

export const BODY_LIMIT = 1024 * 1024;
/** Answers smaller than this go uncompressed: the headers would cost more than they save. */
export const COMPRESS_THRESHOLD = 1024;

export interface ServerDeps {
  db: Kysely<Database>;
  /** Defaults from config: postgres when DATABASE_URL is set. */
  dbKind?: DatabaseKind;
  logger?: FastifyServerOptions['logger'];
  /** Login throttle limits; the defaults otherwise (tests use small ones). */
  loginLimits?: ThrottleLimits;
}

/** A route as Fastify registered it (tests derive their route matrix from this). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface FlotaServer {
  app: FastifyInstance;
  /** Every route registered, in order (onRoute): a new route shows up here without any list to edit. */
  routes: RegisteredRoute[];
  io: FlotaSocketServer;
  /** The OsmAnd listener on OSMAND_PORT (null when unset); listen() starts it, close() stops it. */
  osmand: OsmandListener | null;
  close(): Promise<void>;
}

/** A hop count becomes "trust the nearest N hops" (Fastify's types take no number). */
function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildServer(config: Config, deps: ServerDeps): Promise<FlotaServer> {
  const { db } = deps;
  const dbKind = deps.dbKind ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const app = Fastify({
    logger: deps.logger ?? true,
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    serverFactory: (handler) => createTimedServer(config, handler),
    // One line per request, at info only for writes (server/logging.ts).
    logController: new OneLinePerRequest(),
  });

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // Before the static files (they come precompressed; this covers API answers and the rest).
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  await registerOpenApi(app);

  app.setErrorHandler(flotaErrorHandler);

  const edge = await registerEdge(app, config, db, deps.loginLimits);

  // socket.io first: the driver routes publish to the owners' rooms.
  const io = createSocketServer(app.server, { db, jwtSecret: config.jwtSecret, corsOrigins: config.corsOrigins, log: app.log });
  // PGlite is one process: the default in-memory adapter. PostgreSQL may serve several processes.
  const closeAdapter = config.databaseUrl ? await attachPostgresAdapter(io, config.databaseUrl, app.log) : async () => undefined;
  const publisher = createPublisher(io, config.databaseUrl !== null);
  // The location pipeline; its driver cache also backs every driver token check.
  const ingest = createIngest({ db, publisher, log: app.log, databaseUrl: config.databaseUrl, pointsPerMinute: config.ingestPointsPerMinute });

  const authenticate = makeAuthenticate({ db, jwtSecret: config.jwtSecret });
  const authenticateDriver = makeAuthenticateDriver({ jwtSecret: config.jwtSecret, drivers: ingest.cache });
  const prefix = API_BASE_PATH;
  // Before any route: every /api route must be in accessRules.ts, and each request is checked against it.
  registerAccessGuard(app, authenticate);
  await app.register(healthRoutes, { prefix, db, dbKind });
  await app.register(authRoutes, { prefix, db, jwtSecret: config.jwtSecret, authenticate, throttle: edge.ownerLogin });
  await app.register(driversRoutes, { prefix, db, authenticate });
  await app.register(vehiclesRoutes, { prefix, db, authenticate });
  await app.register(shiftsRoutes, { prefix, db, authenticate });
  await app.register(historyRoutes, { prefix, db, authenticate, timeZone: config.tzFleet });
  await app.register(shiftLocationsRoutes, { prefix, db, authenticate });
  await app.register(usersRoutes, { prefix, db, endSessions: (user) => disconnectSessions(io, user) });
  await app.register(activityRoutes, { prefix, db, timeZone: config.tzFleet });
  await app.register(shiftEndRoutes, { prefix, db, publisher });
  await app.register(driverLoginRoutes, { prefix, db, jwtSecret: config.jwtSecret, throttle: edge.driverLogin });
  await app.register(driverShiftsRoutes, { prefix, db, authenticateDriver, publisher });
  await app.register(driverLocationsRoutes, { prefix, ingest, authenticateDriver, jwtSecret: config.jwtSecret, benchCeiling: config.ingestBenchCeiling });
  await app.register(driverDeviceIdRoutes, { prefix, db, authenticate });
  await app.register(driverMeRoutes, { prefix, db, authenticateDriver });

  // Phones and trackers (OsmAnd protocol): the same ingest pipeline as the driver API.
  const submitPoints = submitToIngest(ingest);
  // In a scope of its own, so the per-address limit (edge/osmandRateLimit.ts) covers only /osmand.
  await app.register(async (scope) => {
    await registerOsmandRateLimit(scope, config.osmandRequestsPerMinute);
    await scope.register(osmandRoutes, { db, publisher, submitPoints, path: OSMAND_PATH });
  });
  const osmand =
    config.osmandPort === null ? null : await startOsmandListener({ db, publisher, submitPoints, logger: deps.logger ?? true, requestsPerMinute: config.osmandRequestsPerMinute });
  const idleSweep = startIdleShiftSweep({ db, publisher, idleMinutes: config.shiftIdleEndMinutes, everyMs: config.idleSweepMs, log: app.log });

  const spa = await registerSpa(app, config);
  app.setNotFoundHandler(async (request, reply) => {
    if (spa && isSpaRoute(request)) return sendIndexHtml(reply);
    return reply.code(404).send({ error: Messages.notFound });
  });

  await app.ready();

  let closing: Promise<void> | null = null;
  return {
    app,
    routes,
    io,
    osmand,
    close() {
      // io.close() also closes the HTTP server; fastify.close() then finishes its own hooks.
      closing ??= (async () => {
        await idleSweep.stop();
        await osmand?.app.close();
        await new Promise<void>((resolve) => io.close(() => resolve()));
        // Points already queued are written before the database goes.
        await ingest.close();
        await closeAdapter();
        await app.close();
      })();
      return closing;
    },
  };
}
