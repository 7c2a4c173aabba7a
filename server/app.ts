/** buildServer: HTTP routes under /api, the SPA, and socket.io, without listening (testable). */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE_PATH } from '../contract/api';
import { makeAuthenticate, makeAuthenticateDriver } from './auth/authenticate';
import type { Config } from './config';
import type { DatabaseKind } from './db/client';
import type { Database } from './db/schema';
import { flotaErrorHandler } from './errorHandler';
import { Messages } from './errors';
import { startOsmandListener, type OsmandListener } from './osmand/osmandListener';
import { OSMAND_PATH, osmandRoutes } from './osmand/osmandRoutes';
import { makeSubmitToday } from './osmand/submitToday';
import { startIdleShiftSweep } from './osmand/idleShiftSweep';
import { driverDeviceIdRoutes } from './routes/driverDeviceId';
import { driverMeRoutes } from './routes/driverMe';
import { attachPostgresAdapter } from './realtime/postgresAdapter';
import { createPublisher } from './realtime/publisher';
import { createSocketServer, type FlotaSocketServer } from './realtime/socketServer';
import { authRoutes } from './routes/auth';
import { driverLocationsRoutes } from './routes/driverLocations';
import { driverLoginRoutes } from './routes/driverLogin';
import { driversRoutes } from './routes/drivers';
import { driverShiftsRoutes } from './routes/driverShifts';
import { healthRoutes } from './routes/health';
import { historyRoutes } from './routes/history';
import { shiftLocationsRoutes } from './routes/shiftLocations';
import { shiftsRoutes } from './routes/shifts';
import { vehiclesRoutes } from './routes/vehicles';
import { isSpaRoute, registerSpa, sendIndexHtml } from './spa';

export const BODY_LIMIT = 1024 * 1024;

export interface ServerDeps {
  db: Kysely<Database>;
  /** Defaults from config: postgres when DATABASE_URL is set. */
  dbKind?: DatabaseKind;
  logger?: FastifyServerOptions['logger'];
}

export interface FlotaServer {
  app: FastifyInstance;
  io: FlotaSocketServer;
  /** The OsmAnd listener on OSMAND_PORT (null when unset); listen() starts it, close() stops it. */
  osmand: OsmandListener | null;
  close(): Promise<void>;
}

export async function buildServer(config: Config, deps: ServerDeps): Promise<FlotaServer> {
  const { db } = deps;
  const dbKind = deps.dbKind ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const app = Fastify({ logger: deps.logger ?? true, bodyLimit: BODY_LIMIT, trustProxy: false });

  app.setErrorHandler(flotaErrorHandler);

  if (config.corsOrigins.length) {
    const allowed = new Set(config.corsOrigins);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
      if (request.method === 'OPTIONS') {
        reply
          .header('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,OPTIONS')
          .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
          .header('Access-Control-Max-Age', '600')
          .code(204)
          .send();
      }
    });
  }

  // socket.io first: the driver routes publish to the owners' rooms.
  const io = createSocketServer(app.server, { db, jwtSecret: config.jwtSecret, corsOrigins: config.corsOrigins, log: app.log });
  // PGlite is one process: the default in-memory adapter. PostgreSQL may serve several processes.
  const closeAdapter = config.databaseUrl ? await attachPostgresAdapter(io, config.databaseUrl, app.log) : async () => undefined;
  const publisher = createPublisher(io);

  const authenticate = makeAuthenticate({ db, jwtSecret: config.jwtSecret });
  const authenticateDriver = makeAuthenticateDriver({ db, jwtSecret: config.jwtSecret });
  const prefix = API_BASE_PATH;
  await app.register(healthRoutes, { prefix, db, dbKind });
  await app.register(authRoutes, { prefix, db, jwtSecret: config.jwtSecret, authenticate });
  await app.register(driversRoutes, { prefix, db, authenticate });
  await app.register(vehiclesRoutes, { prefix, db, authenticate });
  await app.register(shiftsRoutes, { prefix, db, authenticate });
  await app.register(historyRoutes, { prefix, db, authenticate, timeZone: config.tzFleet });
  await app.register(shiftLocationsRoutes, { prefix, db, authenticate });
  await app.register(driverLoginRoutes, { prefix, db, jwtSecret: config.jwtSecret });
  await app.register(driverShiftsRoutes, { prefix, db, authenticateDriver, publisher });
  await app.register(driverLocationsRoutes, { prefix, db, authenticateDriver, publisher });
  await app.register(driverDeviceIdRoutes, { prefix, db, authenticate });
  await app.register(driverMeRoutes, { prefix, db, authenticateDriver });

  // Phones and trackers (OsmAnd protocol). At merge, submitPoints becomes ingest.submit.
  const submitPoints = makeSubmitToday({ db, publisher });
  await app.register(osmandRoutes, { db, publisher, submitPoints, path: OSMAND_PATH });
  const osmand = config.osmandPort === null ? null : await startOsmandListener({ db, publisher, submitPoints, logger: deps.logger ?? true });
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
    io,
    osmand,
    close() {
      // io.close() also closes the HTTP server; fastify.close() then finishes its own hooks.
      closing ??= (async () => {
        await idleSweep.stop();
        await osmand?.app.close();
        await new Promise<void>((resolve) => io.close(() => resolve()));
        await closeAdapter();
        await app.close();
      })();
      return closing;
    },
  };
}
